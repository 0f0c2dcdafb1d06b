/// Passwords and typed values: the strings every output hides (see ``Redactor``).
extension ScenarioLoader.Document {
  /// A password the scenario gives, recorded for the transcript's numbered placeholders.
  mutating func readPassword(_ node: YAMLNode, key: String, expected: String = "a string") -> String? {
    guard let text = secret(node, key: key, expected: expected) else { return nil }
    passwords.insert(text)
    mention(Scenario.SecretMention(text: text, field: nil))
    return text
  }

  /// A value typed into `field`: hidden wherever the machine that runs the scenario declares `field` secret,
  /// and in every diagnostic, since which machine runs it is not known yet.
  mutating func typedValue(_ node: YAMLNode, field: String) -> String? {
    guard let text = secret(node, key: field, expected: "a string") else { return nil }
    hiddenInDiagnostics.insert(text)
    mention(Scenario.SecretMention(text: text, field: field))
    return text
  }

  /// Hides a scalar in diagnostics: what was written where a password belongs.
  mutating func hideInDiagnostics(_ node: YAMLNode) {
    guard case .scalar(let scalar) = node, !Self.isNull(scalar) else { return }
    // What is plainly not a password is shown, so the message says what was written: an email address
    // (`sign_in: ada@example.com`) or a provider's id (`reauthenticate: apple.com`).
    let text = scalar.string
    if EmailAddress.isValid(text) || ProviderID.identityProviders.contains(where: { $0.rawValue == text }) {
      return
    }
    hiddenInDiagnostics.insert(text)
  }

  /// Every string this document's diagnostics hide.
  var diagnosticSecrets: [String] { passwords.names + hiddenInDiagnostics.names }

  /// A string that is secret even when it cannot be read (an unterminated `${`, say): diagnostics hide it as
  /// written.
  private mutating func secret(_ node: YAMLNode, key: String, expected: String) -> String? {
    guard let text = string(node, key: key, expected: expected) else {
      hideInDiagnostics(node)
      return nil
    }
    return text
  }

  private mutating func mention(_ mention: Scenario.SecretMention) {
    if mentioned.insert(mention).inserted { mentions.append(mention) }
  }
}
