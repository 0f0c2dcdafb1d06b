import Yams

/// The arguments of each action (SPEC 2.2 and 2.3).
extension ScenarioLoader.Document {
  mutating func action(_ kind: ActionKind, value: Node) -> Action? {
    let key = kind.rawValue
    let before = problemCount
    if let bare = Self.bareAction(kind), kind != .forgotPassword {
      guard Self.isNull(value) else {
        report(.actionTakesNoArguments(action: key, found: Self.found(value)), at: value)
        return nil
      }
      return bare
    }
    switch kind {
    case .signUp:
      guard let fields = arguments(value, of: kind, allowed: ["email", "password", "display_name"]) else {
        return nil
      }
      let email = fields["email"].flatMap { string($0, key: "email") }
      let password = fields["password"].flatMap { readPassword($0, key: "password") }
      let displayName = fields["display_name"].flatMap { string($0, key: "display_name") }
      guard let email, let password, problemCount == before else { return nil }
      return .signUp(email: email, password: password, displayName: displayName)
    case .signIn:
      guard let fields = arguments(value, of: kind, allowed: ["email", "password"]) else { return nil }
      let email = fields["email"].flatMap { string($0, key: "email") }
      let password = fields["password"].flatMap { readPassword($0, key: "password") }
      guard let email, let password else { return nil }
      return .signIn(email: email, password: password)
    case .signInWith:
      return sheet(value, of: kind).map(Action.signInWith)
    case .linkProvider:
      return sheet(value, of: kind).map(Action.linkProvider)
    case .forgotPassword:
      if Self.isNull(value) { return .forgotPassword(email: nil) }
      guard case .mapping = value else {
        return string(value, key: key, expected: "an email or a mapping").map { .forgotPassword(email: $0) }
      }
      guard let fields = fields(value, key: key, context: key, allowed: ["email"]) else { return nil }
      guard let email = fields["email"] else { return .forgotPassword(email: nil) }
      return string(email, key: "email").map { .forgotPassword(email: $0) }
    case .reauthenticate:
      return reauthentication(value).map(Action.reauthenticate)
    case .changePassword:
      guard case .mapping = value else {
        return readPassword(value, key: key, expected: "a password or a mapping").map {
          .changePassword(newPassword: $0)
        }
      }
      guard let fields = arguments(value, of: kind, allowed: ["new_password"]) else { return nil }
      return fields["new_password"].flatMap { readPassword($0, key: "new_password") }.map {
        .changePassword(newPassword: $0)
      }
    case .tap:
      return nonEmptyString(value, key: key, expected: "a name").map(Action.tap)
    case .type:
      return typedFields(value).map(Action.type)
    case .followLink:
      return followLink(value)
    case .wait:
      return duration(value, key: key).map(Action.wait)
    case .admin:
      return admin(value).map(Action.admin)
    case .network:
      guard let fields = arguments(value, of: kind, allowed: ["online", "device"]) else { return nil }
      return fields["online"].flatMap { bool($0, key: "online") }.map { .network(online: $0) }
    case .failNext:
      guard let fields = arguments(value, of: kind, allowed: ["operation", "error", "device"]) else {
        return nil
      }
      let operation = fields["operation"].flatMap {
        name($0, key: "operation", kind: "operation", candidates: BackendOperation.allCases.map(\.rawValue)) {
          BackendOperation(rawValue: $0)
        }
      }
      let error = fields["error"].flatMap { errorCode($0, key: "error", allowsNone: false) }
      guard let operation, let error = error ?? nil else { return nil }
      return .failNext(operation: operation, error: error)
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel:
      return nil
    }
  }

  /// An action's argument mapping; every allowed key is required unless it is optional in SPEC 2.2.
  private mutating func arguments(_ value: Node, of kind: ActionKind, allowed: [String]) -> Fields? {
    let optional: Set = ["display_name", "new_password", "device"]
    let required = allowed.filter { !optional.contains($0) }
    return fields(value, key: kind.rawValue, context: kind.rawValue, allowed: allowed, required: required)
  }

  /// A password, recorded for the transcript's placeholders.
  private mutating func readPassword(_ node: Node, key: String, expected: String = "a string") -> String? {
    guard let password = string(node, key: key, expected: expected) else { return nil }
    notePassword(password)
    return password
  }

  private mutating func typedFields(_ node: Node) -> [TypedField]? {
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
      let text = name == "password" ? readPassword(entry.value, key: name) : string(entry.value, key: name)
      if let text { fields.append(TypedField(name: name, value: text)) }
    }
    return fields.count == entries.count ? fields : nil
  }

  private mutating func followLink(_ node: Node) -> Action? {
    let before = problemCount
    guard let fields = arguments(node, of: .followLink, allowed: ["mail", "to", "new_password"]) else {
      return nil
    }
    let mail = fields["mail"].flatMap {
      name($0, key: "mail", kind: "mail kind", candidates: MailKind.allCases.map(\.rawValue)) {
        MailKind(rawValue: $0)
      }
    }
    let to = fields["to"].flatMap { string($0, key: "to") }
    let newPassword = fields["new_password"].flatMap { readPassword($0, key: "new_password") }
    guard let mail, let to, problemCount == before else { return nil }
    return .followLink(mail: mail, to: to, newPassword: newPassword)
  }

  private mutating func admin(_ node: Node) -> AdminAction? {
    let expected = "a mapping such as {disable: EMAIL}"
    let before = problemCount
    guard
      let fields = fields(node, key: "admin", expected: expected, context: "admin", allowed: AdminAction.keys)
    else { return nil }
    guard fields.entries.count == 1, let entry = fields.entries.first else {
      if !fields.entries.isEmpty || problemCount == before {
        report(.adminNeedsOneOperation(found: fields.entries.map(\.name)), at: node)
      }
      return nil
    }
    let (name, value) = (entry.name, entry.value)
    if name == "set_password" {
      guard
        let arguments = self.fields(
          value, key: name, context: name, allowed: ["email", "password"], required: ["email", "password"])
      else { return nil }
      let email = arguments["email"].flatMap { string($0, key: "email") }
      let password = arguments["password"].flatMap { readPassword($0, key: "password") }
      guard let email, let password else { return nil }
      return .setPassword(email: email, password: password)
    }
    guard let email = string(value, key: name, expected: "an email") else { return nil }
    switch name {
    case "disable": return .disable(email: email)
    case "enable": return .enable(email: email)
    case "delete": return .delete(email: email)
    case "revoke_sessions": return .revokeSessions(email: email)
    default: return .verifyEmail(email: email)
    }
  }
}
