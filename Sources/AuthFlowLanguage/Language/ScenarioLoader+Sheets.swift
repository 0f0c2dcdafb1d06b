/// Identity-provider sheets (`sign_in_with`, `link_provider`, `reauthenticate` with a provider).
extension ScenarioLoader.Document {
  /// The sign-in methods `link_provider` takes as a mapping only, each with how it is written.
  static let linkExamples = [
    ProviderID.password.rawValue: "{ provider: password, email: …, password: … }",
    ProviderID.phone.rawValue: "{ provider: phone, number: … }",
  ]

  /// A provider id, or `{provider, account?, outcome?, error?}`.
  mutating func sheet(_ node: YAMLNode, of kind: ActionKind) -> ProviderSheet? {
    let key = kind.rawValue
    switch node {
    case .scalar(let scalar) where Self.isNull(scalar):
      report(.actionNeedsArguments(action: key), at: node)
      return nil
    case .scalar:
      guard let provider = identityProvider(node, key: key) else { return nil }
      let sheet = ProviderSheet(provider: provider)
      checkAccounts(of: sheet, providerNode: node, account: nil)
      return sheet
    default:
      let expected = "a provider id or a mapping"
      guard
        let fields = fields(
          node, key: key, expected: expected, context: key, shape: ScenarioLanguage.sheet)
      else { return nil }
      return sheet(fields)
    }
  }

  /// The sheet described by `provider`, `account`, `outcome` and `error` in `fields`. A provider that is not one
  /// still leaves the other fields to check, so each mistake is told at once.
  mutating func sheet(_ fields: Fields) -> ProviderSheet? {
    let before = problemCount
    guard let providerNode = fields["provider"] else { return nil }
    let provider = identityProvider(providerNode, key: "provider")
    let account = fields["account"].flatMap { string($0, key: "account") }
    // nil when `outcome` is written but not a valid one (already reported).
    let outcome =
      fields["outcome"] == nil
      ? "success"
      : fields["outcome"].flatMap {
        name($0, key: "outcome", kind: "outcome", candidates: ScenarioLanguage.outcomes.values) {
          ScenarioLanguage.outcomes.values.contains($0) ? $0 : nil
        }
      }
    var result: SheetOutcome = .success
    switch outcome {
    case "cancel": result = .cancel
    case "error": result = .error(.invalidCredential)
    default: break
    }
    if let errorNode = fields["error"] {
      if let outcome, outcome != "error" {
        report(.errorWithoutErrorOutcome(outcome: outcome), at: fields.keyMark("error") ?? errorNode.mark)
      } else if outcome == "error", let code = errorCode(errorNode, key: "error", allowsNone: false) ?? nil {
        result = .error(code)
      }
    }
    guard problemCount == before, let provider else { return nil }
    let sheet = ProviderSheet(provider: provider, account: account?.lowercased(), outcome: result)
    checkAccounts(
      of: sheet, providerNode: providerNode,
      account: account.flatMap { text in
        fields["account"].map { (text, $0) }
      })
    return problemCount == before ? sheet : nil
  }

  /// A sheet that succeeds needs an IdP account to sign in with; a named account must exist.
  private mutating func checkAccounts(
    of sheet: ProviderSheet, providerNode: YAMLNode, account written: (text: String, node: YAMLNode)?
  ) {
    guard identityProvidersKnown, accountsKnown else { return }
    let emails = identityProviderEmails[sheet.provider] ?? OrderedNames()
    if sheet.outcome == .success, emails.isEmpty {
      report(.identityProviderHasNoAccounts(provider: sheet.provider.rawValue), at: providerNode)
    } else if let written, !emails.contains(written.text.lowercased()) {
      let suggestion = suggestion(for: written.text, in: emails.names)
      let kind = "\(sheet.provider) account"
      report(
        .unknownName(kind: kind, value: written.text, suggestion: suggestion, valid: emails.names),
        at: written.node
      )
    }
  }

  /// `{password}` or a provider sheet.
  mutating func reauthentication(_ node: YAMLNode) -> Reauthentication? {
    let expected = "a mapping with 'password' or 'provider'"
    guard
      let fields = fields(
        node, key: "reauthenticate", expected: expected, context: "reauthenticate",
        allowed: ScenarioLanguage.passwordPrompt.keys + ScenarioLanguage.sheet.keys,
        shapeName: ScenarioLanguage.passwordPrompt.name + "+" + ScenarioLanguage.sheet.name)
    else { return nil }
    if let password = fields["password"] {
      if let other = fields.entries.first(where: { $0.name != "password" }) {
        report(.conflictingKeys(first: "password", second: other.name), at: other.keyMark)
        return nil
      }
      return readPassword(password, key: "password").map(Reauthentication.password)
    }
    guard fields["provider"] != nil else {
      if fields.entries.isEmpty {
        report(.missingOneOfKeys(keys: ["password", "provider"]), at: node)
      } else {
        report(.missingKey(key: "provider"), at: node)
      }
      return nil
    }
    return sheet(fields).map(Reauthentication.provider)
  }
}
