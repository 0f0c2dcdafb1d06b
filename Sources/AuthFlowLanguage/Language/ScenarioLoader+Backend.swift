/// `backend:`, the knobs of SPEC 5.2; a knob left out keeps its production default.
extension ScenarioLoader.Document {
  mutating func backendSettings(_ node: YAMLNode) -> BackendSettings {
    var settings = BackendSettings()
    guard let fields = fields(node, key: "backend", context: "backend", shape: ScenarioLanguage.backend)
    else {
      return settings
    }
    // `fields` reported every key the language does not list; a test checks each listed key has a knob.
    for entry in fields.all {
      guard let knob = BackendSettings.knob(named: entry.name) else { continue }
      knobValue(entry.value, of: knob, like: knob.value(settings)).map { knob.set(&settings, $0) }
    }
    return settings
  }

  /// A knob's value, read as the kind of value the knob has.
  private mutating func knobValue(
    _ node: YAMLNode, of knob: BackendSettings.Knob, like current: BackendSettings.KnobValue
  ) -> BackendSettings.KnobValue? {
    let key = knob.name
    return switch current {
    case .boolean: bool(node, key: key).map { .boolean($0) }
    case .duration:
      duration(node, key: key).flatMap { value in
        guard knob.allows(value) else {
          report(.wrongType(key: key, expected: knob.durationExpected, found: Self.found(node)), at: node)
          return nil
        }
        return .duration(value)
      }
    case .integer: integer(node, key: key, minimum: knob.minimum).map { .integer($0) }
    case .sendLimit:
      sendLimit(node, key: key, shape: ScenarioLanguage.sendLimit, leastCount: knob.minimum).map {
        .sendLimit($0)
      }
    case .attemptLimit:
      if case .scalar(let scalar) = node, scalar.isPlain, scalar.string == "none" {
        .attemptLimit(nil)
      } else {
        sendLimit(node, key: key, shape: ScenarioLanguage.attemptLimit, leastCount: knob.minimum).map {
          .attemptLimit($0)
        }
      }
    case .phoneCodes: phoneCodes(node, key: key).map { .phoneCodes($0) }
    case .mfa: mfaSettings(node, key: key).map { .mfa($0) }
    case .trustedProviders: trustedProviders(node).map { .trustedProviders($0) }
    case .names: signInMethods(node).map { .names($0) }
    }
  }

  private mutating func sendLimit(_ node: YAMLNode, key: String, shape: MappingShape, leastCount: Int)
    -> BackendSettings.SendLimit?
  {
    guard let fields = fields(node, key: key, context: key, shape: shape) else {
      return nil
    }
    let count = fields["count"].flatMap { integer($0, key: "count", minimum: leastCount) }
    var per = fields["per"].flatMap { duration($0, key: "per") }
    if let window = per, window.seconds == 0, let node = fields["per"] {
      // A window of no time would limit nothing: refused rather than silently meaning "no limit".
      report(.wrongType(key: "per", expected: "a duration longer than 0s", found: Self.found(node)), at: node)
      per = nil
    }
    guard let count, let per else { return nil }
    return BackendSettings.SendLimit(count: count, per: per)
  }

  /// `mfa: {enabled?, factors?}`.
  private mutating func mfaSettings(_ node: YAMLNode, key: String) -> MFASettings? {
    guard let fields = fields(node, key: key, context: key, shape: ScenarioLanguage.mfaSettings) else {
      return nil
    }
    let before = problemCount
    var settings = MFASettings()
    if let enabled = fields["enabled"] { bool(enabled, key: "enabled").map { settings.enabled = $0 } }
    if let factors = fields["factors"] {
      secondFactorKinds(factors, key: "factors").map { settings.factors = $0 }
    }
    return problemCount == before ? settings : nil
  }

  /// `test_phone_numbers`: E.164 numbers, each with its fixed code (six digits, as the console takes them).
  private mutating func phoneCodes(_ node: YAMLNode, key: String) -> [String: String]? {
    guard let entries = entries(node, key: key) else { return nil }
    let before = problemCount
    var codes: [String: String] = [:]
    for entry in entries {
      guard PhoneNumber.isValid(entry.name) else {
        report(
          .wrongType(
            key: key, expected: "E.164 phone numbers such as +15555550100", found: .text(entry.name)),
          at: entry.keyMark)
        continue
      }
      guard let code = string(entry.value, key: entry.name) else { continue }
      guard PhoneNumber.isTestCode(code) else {
        report(.wrongType(key: entry.name, expected: "a six-digit code", found: .text(code)), at: entry.value)
        continue
      }
      codes[entry.name] = code
    }
    return problemCount == before ? codes : nil
  }

  /// `sign_in_methods`: names from ``BackendSettings/allSignInMethods``, each once.
  private mutating func signInMethods(_ node: YAMLNode) -> [String]? {
    guard let entries = strings(node, key: "sign_in_methods") else { return nil }
    let before = problemCount
    var methods: [String] = []
    for (text, item) in entries {
      let candidates = BackendSettings.allSignInMethods
      guard candidates.contains(text) else {
        report(
          .unknownName(
            kind: "sign-in method", value: text, suggestion: suggestion(for: text, in: candidates),
            valid: candidates),
          at: item)
        continue
      }
      if methods.contains(text) {
        report(.duplicateEntry(kind: "sign-in method", value: text, key: "sign_in_methods"), at: item)
        continue
      }
      methods.append(text)
    }
    return problemCount == before ? methods : nil
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
