/// `backend:`, the knobs of SPEC 5.2; a knob left out keeps its production default.
extension ScenarioLoader.Document {
  mutating func backendSettings(_ node: YAMLNode) -> BackendSettings {
    var settings = BackendSettings()
    guard let fields = fields(node, key: "backend", context: "backend", shape: ScenarioLanguage.backend)
    else {
      return settings
    }
    for entry in fields.entries {
      let (name, value) = (entry.name, entry.value)
      switch name {
      case "email_enumeration_protection":
        bool(value, key: name).map { settings.emailEnumerationProtection = $0 }
      case "one_account_per_email":
        bool(value, key: name).map { settings.oneAccountPerEmail = $0 }
      case "recent_login":
        duration(value, key: name).map { settings.recentLogin = $0 }
      case "password_min_length":
        integer(value, key: name, minimum: 1).map { settings.passwordMinLength = $0 }
      case "verify_email_code_ttl":
        duration(value, key: name).map { settings.verifyEmailCodeTTL = $0 }
      case "password_reset_code_ttl":
        duration(value, key: name).map { settings.passwordResetCodeTTL = $0 }
      case "id_token_ttl":
        duration(value, key: name).map { settings.idTokenTTL = $0 }
      case "oob_send_limit":
        sendLimit(value).map { settings.oobSendLimit = $0 }
      case "trusted_providers":
        trustedProviders(value).map { settings.trustedProviders = $0 }
      default:
        break
      }
    }
    return settings
  }

  private mutating func sendLimit(_ node: YAMLNode) -> BackendSettings.SendLimit? {
    guard
      let fields = fields(
        node, key: "oob_send_limit", context: "oob_send_limit", shape: ScenarioLanguage.sendLimit)
    else { return nil }
    let count = fields["count"].flatMap { integer($0, key: "count", minimum: 1) }
    let per = fields["per"].flatMap { duration($0, key: "per") }
    guard let count, let per else { return nil }
    return BackendSettings.SendLimit(count: count, per: per)
  }

  /// `PROVIDER` or `PROVIDER@domain` entries.
  private mutating func trustedProviders(_ node: YAMLNode) -> [BackendSettings.TrustedProvider]? {
    guard let entries = strings(node, key: "trusted_providers") else { return nil }
    let candidates = ScenarioLanguage.identityProviders.values
    var trusted: [BackendSettings.TrustedProvider] = []
    for (text, item) in entries {
      let at = text.firstIndex(of: "@")
      let provider = String(text[..<(at ?? text.endIndex)])
      let domain = at.map { String(text[text.index(after: $0)...]) }
      guard candidates.contains(provider) else {
        let suggestion = suggestion(for: provider, in: candidates)
        report(
          .unknownName(kind: "identity provider", value: text, suggestion: suggestion, valid: candidates),
          at: item)
        continue
      }
      if let domain, domain.isEmpty || domain.contains("@") {
        report(
          .wrongType(key: "trusted_providers", expected: "PROVIDER or PROVIDER@domain", found: .text(text)),
          at: item)
        continue
      }
      trusted.append(
        BackendSettings.TrustedProvider(provider: ProviderID(rawValue: provider), domain: domain))
    }
    return trusted
  }
}
