/// The arguments of each action (SPEC 2.2 and 2.3).
extension ScenarioLoader.Document {
  mutating func action(_ kind: ActionKind, value: YAMLNode) -> Action? {
    let key = kind.rawValue
    let before = problemCount
    if let bare = Action.bareAction(kind), kind != .forgotPassword, kind != .enterCode {
      guard Self.isNull(value) else {
        report(.actionTakesNoArguments(action: key, found: Self.found(value)), at: value)
        return nil
      }
      return bare
    }
    // `sign_in: hunter2`: what was written instead of the mapping may well be the password.
    if [.signUp, .signIn, .reauthenticate].contains(kind) { hideInDiagnostics(value) }
    switch kind {
    case .signUp:
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.signUp) else { return nil }
      let email = fields["email"].flatMap { string($0, key: "email") }
      let password = fields["password"].flatMap { readPassword($0, key: "password") }
      let displayName = fields["display_name"].flatMap { string($0, key: "display_name") }
      guard let email, let password, problemCount == before else { return nil }
      return .signUp(email: email, password: password, displayName: displayName)
    case .signIn:
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.signIn) else { return nil }
      let email = fields["email"].flatMap { string($0, key: "email") }
      let password = fields["password"].flatMap { readPassword($0, key: "password") }
      guard let email, let password else { return nil }
      return .signIn(email: email, password: password)
    case .signInWith:
      return sheet(value, of: kind).map(Action.signInWith)
    case .linkProvider:
      if case .mapping(let mapping) = value, case .scalar(let provider)? = mapping["provider"],
        provider.string == ProviderID.password.rawValue
      {
        hideInDiagnostics(value)
        guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.passwordLink) else {
          return nil
        }
        let email = fields["email"].flatMap { string($0, key: "email") }
        let password = fields["password"].flatMap { readPassword($0, key: "password") }
        guard let email, let password, problemCount == before else { return nil }
        return .linkPassword(email: email, password: password)
      }
      if case .mapping(let mapping) = value, case .scalar(let provider)? = mapping["provider"],
        provider.string == ProviderID.phone.rawValue
      {
        guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.phoneLink) else { return nil }
        return fields["number"].flatMap { nonEmptyString($0, key: "number") }.map { .linkPhone(number: $0) }
      }
      return sheet(value, of: kind).map(Action.linkProvider)
    case .signInWithPhone:
      guard case .mapping = value else {
        return nonEmptyString(value, key: key, expected: "a phone number or a mapping").map {
          .signInWithPhone(number: $0)
        }
      }
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.phoneNumber) else { return nil }
      return fields["number"].flatMap { nonEmptyString($0, key: "number") }.map {
        .signInWithPhone(number: $0)
      }
    case .enterCode:
      if Self.isNull(value) { return .enterCode(code: nil) }
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.enterCode) else { return nil }
      hideInDiagnostics(value)
      return fields["code"].flatMap { string($0, key: "code") }.map { .enterCode(code: $0) }
    case .enrollMFA:
      return secondFactor(value, key: key, typed: true).map(Action.enrollMFA)
    case .unenrollMFA:
      return secondFactorKind(value, key: key).map(Action.unenrollMFA)
    case .updateProfile:
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.updateProfile) else { return nil }
      let name = fields["display_name"].flatMap { nullableString($0, key: "display_name") }
      let photo = fields["photo_url"].flatMap { nullableString($0, key: "photo_url") }
      guard problemCount == before else { return nil }
      return .updateProfile(displayName: name, photoURL: photo)
    case .unlinkProvider:
      let candidates = ScenarioLanguage.providers.values
      return name(value, key: key, kind: "provider", candidates: candidates) {
        candidates.contains($0) ? ProviderID(rawValue: $0) : nil
      }.map(Action.unlinkProvider)
    case .forgotPassword:
      if Self.isNull(value) { return .forgotPassword(email: nil) }
      guard case .mapping = value else {
        return string(value, key: key, expected: "an email or a mapping").map { .forgotPassword(email: $0) }
      }
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.forgotPassword) else {
        return nil
      }
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
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.changePassword) else {
        return nil
      }
      return fields["new_password"].flatMap { readPassword($0, key: "new_password") }.map {
        .changePassword(newPassword: $0)
      }
    case .signInWithCustomToken:
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.customToken) else { return nil }
      let uid = fields["uid"].flatMap { nonEmptyString($0, key: "uid") }
      let claims = fields["claims"].map { self.claims($0, key: "claims") } ?? [:]
      guard let uid, let claims else { return nil }
      return .signInWithCustomToken(uid: uid, claims: claims)
    case .sendSignInLink:
      guard case .mapping = value else {
        return string(value, key: key, expected: "an email or a mapping").map { .sendSignInLink(email: $0) }
      }
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.sendSignInLink) else {
        return nil
      }
      return fields["email"].flatMap { string($0, key: "email") }.map { .sendSignInLink(email: $0) }
    case .changeEmail:
      guard case .mapping = value else {
        return string(value, key: key, expected: "an email or a mapping").map { .changeEmail(newEmail: $0) }
      }
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.changeEmail) else { return nil }
      return fields["email"].flatMap { string($0, key: "email") }.map { .changeEmail(newEmail: $0) }
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
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.network) else { return nil }
      return fields["online"].flatMap { bool($0, key: "online") }.map { .network(online: $0) }
    case .failNext:
      guard let fields = arguments(value, of: kind, shape: ScenarioLanguage.failNext) else { return nil }
      let operation = fields["operation"].flatMap {
        name($0, key: "operation", kind: "operation", candidates: ScenarioLanguage.operations.values) {
          BackendOperation(rawValue: $0)
        }
      }
      let error = fields["error"].flatMap { errorCode($0, key: "error", allowsNone: false) }
      guard let operation, let error = error ?? nil else { return nil }
      return .failNext(operation: operation, error: error)
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel, .signInAnonymously:
      return nil
    }
  }

  /// An action's argument mapping, checked against its shape in ``ScenarioLanguage``.
  private mutating func arguments(_ value: YAMLNode, of kind: ActionKind, shape: MappingShape) -> Fields? {
    fields(value, key: kind.rawValue, context: kind.rawValue, shape: shape)
  }

  private mutating func typedFields(_ node: YAMLNode) -> [TypedField]? {
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

  private mutating func followLink(_ node: YAMLNode) -> Action? {
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

  private mutating func admin(_ node: YAMLNode) -> AdminAction? {
    let expected = "a mapping such as {disable: EMAIL}"
    let before = problemCount
    guard
      let fields = fields(
        node, key: "admin", expected: expected, context: "admin", shape: ScenarioLanguage.admin)
    else { return nil }
    guard fields.entries.count == 1, let entry = fields.entries.first else {
      if !fields.entries.isEmpty || problemCount == before {
        report(.adminNeedsOneOperation(found: fields.entries.map(\.name)), at: node)
      }
      return nil
    }
    let (name, value) = (entry.name, entry.value)
    switch name {
    case "set_claims":
      guard let arguments = self.fields(value, key: name, context: name, shape: ScenarioLanguage.setClaims)
      else {
        return nil
      }
      let account = accountName(in: arguments, at: value)
      let claims = arguments["claims"].flatMap { self.claims($0, key: "claims") }
      guard let account, let claims else { return nil }
      return .setClaims(account: account, claims: claims)
    case "set_password":
      hideInDiagnostics(value)
      guard let arguments = self.fields(value, key: name, context: name, shape: ScenarioLanguage.setPassword)
      else {
        return nil
      }
      let account = accountName(in: arguments, at: value)
      let password = arguments["password"].flatMap { readPassword($0, key: "password") }
      guard let account, let password else { return nil }
      return .setPassword(account: account, password: password)
    case "set_phone":
      guard let arguments = self.fields(value, key: name, context: name, shape: ScenarioLanguage.setPhone)
      else {
        return nil
      }
      let account = accountName(in: arguments, at: value)
      guard let account, let numberNode = arguments["number"] else { return nil }
      if Self.isNull(numberNode) { return .setPhone(account: account, number: nil) }
      // Any text: the Admin SDK answers a number that is not E.164 with `invalid-phone-number` (the step fails).
      return nonEmptyString(numberNode, key: "number").map { .setPhone(account: account, number: $0) }
    case "unenroll_mfa":
      guard let arguments = self.fields(value, key: name, context: name, shape: ScenarioLanguage.unenrollMFA)
      else {
        return nil
      }
      let account = accountName(in: arguments, at: value)
      let factor = arguments["factor"].flatMap { secondFactorKind($0, key: "factor") }
      guard let account, let factor else { return nil }
      return .unenrollMFA(account: account, factor: factor)
    case "update_email":
      guard let arguments = self.fields(value, key: name, context: name, shape: ScenarioLanguage.updateEmail)
      else {
        return nil
      }
      let account = accountName(in: arguments, at: value)
      let newEmail = arguments["new_email"].flatMap { email($0, key: "new_email") }
      guard let account, let newEmail else { return nil }
      return .updateEmail(account: account, newEmail: newEmail)
    default:
      break
    }
    let account: AccountName?
    if case .mapping = value {
      account =
        self.fields(value, key: name, context: name, shape: ScenarioLanguage.accountReference)
        .flatMap { accountName(in: $0, at: value) }
    } else {
      account = string(value, key: name, expected: "an email or {id: NAME}").map(AccountName.email)
    }
    guard let account else { return nil }
    switch name {
    case "disable": return .disable(account: account)
    case "enable": return .enable(account: account)
    case "delete": return .delete(account: account)
    case "revoke_sessions": return .revokeSessions(account: account)
    default: return .verifyEmail(account: account)
    }
  }

  /// The account an admin operation's arguments name: `email` or `id` (a declared one), exactly one.
  private mutating func accountName(in arguments: Fields, at node: YAMLNode) -> AccountName? {
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
