/// What several actions' readers share (each action is declared in `ActionSyntax`, SPEC 2.2 and 2.3).
extension ScenarioLoader.Document {
  /// An action's argument mapping, checked against its shape in ``ScenarioLanguage``.
  mutating func arguments(_ value: YAMLNode, of kind: ActionKind, shape: MappingShape) -> Fields? {
    // Not a mapping (`sign_in: ada@example.com`): say which keys the mapping needs, not only that it is one.
    guard case .mapping = value else {
      let keys = shape.required.map { "'\($0)'" }
      let expected =
        switch keys.count {
        case 0: "a mapping"
        case 1: "a mapping with \(keys[0])"
        default: "a mapping with " + keys.dropLast().joined(separator: ", ") + " and \(keys[keys.count - 1])"
        }
      report(.wrongType(key: kind.rawValue, expected: expected, found: Self.found(value)), at: value)
      return nil
    }
    return fields(value, key: kind.rawValue, context: kind.rawValue, shape: shape)
  }

  mutating func typedFields(_ node: YAMLNode) -> [TypedField]? {
    guard let entries = entries(node, key: "type", expected: "a mapping of field names to text") else {
      return nil
    }
    guard !entries.isEmpty else {
      report(.emptyValue(key: "type"), at: node)
      return nil
    }
    var fields: [TypedField] = []
    for entry in entries {
      let name = entry.name
      let text =
        name == "password" ? readPassword(entry.value, key: name) : typedValue(entry.value, field: name)
      if let text { fields.append(TypedField(name: name, value: text)) }
    }
    return fields.count == entries.count ? fields : nil
  }

  mutating func followLink(_ node: YAMLNode) -> Action? {
    let before = problemCount
    guard let fields = arguments(node, of: .followLink, shape: ScenarioLanguage.followLink) else {
      return nil
    }
    let mail = fields["mail"].flatMap {
      name($0, key: "mail", kind: "mail kind", candidates: ScenarioLanguage.mailKinds.values) {
        MailKind(rawValue: $0)
      }
    }
    let to = fields["to"].flatMap { string($0, key: "to") }
    let newPassword = fields["new_password"].flatMap { readPassword($0, key: "new_password") }
    let which = fields["which"].flatMap { mailChoice($0) }
    let device = fields["device"].flatMap { self.device($0, key: "device") }
    // Only a reset page takes a new password; on another link it would be dropped without a word.
    if let mail, mail != .passwordReset, let passwordNode = fields["new_password"] {
      report(
        .keyOnlyWith(key: "new_password", other: "mail", value: "password_reset", found: mail.rawValue),
        at: fields.keyMark("new_password") ?? passwordNode.mark)
    }
    guard let mail, let to, problemCount == before else { return nil }
    return .followLink(mail: mail, to: to, newPassword: newPassword, which: which ?? .newest, device: device)
  }

  /// `which: newest`, `oldest` or a number from 1.
  private mutating func mailChoice(_ node: YAMLNode) -> MailChoice? {
    if case .scalar(let scalar) = node, scalar.string.first?.isNumber == true || scalar.string.first == "-" {
      return integer(node, key: "which", minimum: 1).map(MailChoice.number)
    }
    return name(node, key: "which", kind: "email choice", candidates: MailChoice.names) {
      MailChoice(name: $0)
    }
  }

  mutating func admin(_ node: YAMLNode) -> AdminAction? {
    let expected = "a mapping such as {disable: EMAIL}"
    let before = problemCount
    guard
      let fields = fields(
        node, key: "admin", expected: expected, context: "admin", shape: ScenarioLanguage.admin)
    else { return nil }
    guard fields.all.count == 1, let entry = fields.entries.first else {
      if !fields.entries.isEmpty || problemCount == before {
        report(.adminNeedsOneOperation(found: fields.entries.map(\.name)), at: node)
      }
      return nil
    }
    // The shape admits only the keys `AdminSyntax.all` declares.
    return AdminSyntax.byName[entry.name]?.read(&self, entry.value)
  }

  /// The account an admin operation's arguments name: `email` or `id` (a declared one), exactly one.
  mutating func accountName(in arguments: Fields, at node: YAMLNode) -> AccountName? {
    switch (arguments["email"], arguments["id"]) {
    case (let email?, nil): return string(email, key: "email").map(AccountName.email)
    case (nil, let id?): return accountID(id, key: "id").map(AccountName.id)
    case (.some, .some):
      report(.conflictingKeys(first: "email", second: "id"), at: node)
    case (nil, nil):
      report(.missingOneOfKeys(keys: ["email", "id"]), at: node)
    }
    return nil
  }
}
