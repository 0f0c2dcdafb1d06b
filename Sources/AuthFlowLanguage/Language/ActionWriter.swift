/// An action as a step's key and value (nil: a bare action).
enum ActionWriter {
  private static func text(_ value: String) -> String { YAMLText.scalar(value, substituted: true) }
  private static func secret(_ value: String) -> String {
    YAMLText.quoted(value.replacing("${", with: "$${"))
  }

  /// `(email, …)` or `(id, …)`: the argument naming an admin operation's account.
  private static func field(_ account: AccountName) -> (String, String) {
    switch account {
    case .email(let email): ("email", text(email))
    case .id(let id): ("id", text(id))
    }
  }

  static func write(_ action: Action) -> (key: String, value: String?) {
    let key = action.kind.rawValue
    switch action {
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel, .signInAnonymously, .forgotPassword(nil):
      return (key, nil)
    case .unlinkProvider(let provider):
      return (key, provider.rawValue)
    case .updateProfile(let name, let photo):
      let field = { (value: String?) in value.map(text) ?? "null" }
      let pairs =
        (name.map { [("display_name", field($0))] } ?? []) + (photo.map { [("photo_url", field($0))] } ?? [])
      return (key, YAMLText.flow(pairs))
    case .linkPassword(let email, let password):
      return (
        key,
        YAMLText.flow([("provider", "password"), ("email", text(email)), ("password", secret(password))])
      )
    case .signUp(let email, let password, let displayName):
      var pairs = [("email", text(email)), ("password", secret(password))]
      if let displayName { pairs.append(("display_name", text(displayName))) }
      return (key, YAMLText.flow(pairs))
    case .signIn(let email, let password):
      return (key, YAMLText.flow([("email", text(email)), ("password", secret(password))]))
    case .signInWith(let sheet), .linkProvider(let sheet):
      return (key, sheet.account == nil && sheet.outcome == .success ? sheet.provider.rawValue : write(sheet))
    case .forgotPassword(let email?):
      return (key, text(email))
    case .reauthenticate(.password(let password)):
      return (key, YAMLText.flow([("password", secret(password))]))
    case .reauthenticate(.provider(let sheet)):
      return (key, write(sheet))
    case .changePassword(let password):
      return (key, secret(password))
    case .changeEmail(let email), .sendSignInLink(let email):
      return (key, text(email))
    case .signInWithCustomToken(let uid, let claims):
      var pairs = [("uid", text(uid))]
      if !claims.isEmpty { pairs.append(("claims", write(claims))) }
      return (key, YAMLText.flow(pairs))
    case .admin(.setClaims(let account, let claims)):
      let inner = YAMLText.flow([field(account), ("claims", write(claims))])
      return (key, YAMLText.flow([("set_claims", inner)]))
    case .admin(.setPhone(let account, let number)):
      let inner = YAMLText.flow([field(account), ("number", number.map(text) ?? "null")])
      return (key, YAMLText.flow([("set_phone", inner)]))
    case .admin(.updateEmail(let account, let newEmail)):
      let inner = YAMLText.flow([field(account), ("new_email", text(newEmail))])
      return (key, YAMLText.flow([("update_email", inner)]))
    case .admin(.unenrollMFA(let account, let kind)):
      let inner = YAMLText.flow([field(account), ("factor", kind.rawValue)])
      return (key, YAMLText.flow([("unenroll_mfa", inner)]))
    case .enrollMFA(let factor):
      return (
        key,
        YAMLText.flow(
          [("factor", factor.kind.rawValue)] + (factor.number.map { [("number", text($0))] } ?? []))
      )
    case .unenrollMFA(let kind):
      return (key, kind.rawValue)
    case .signInWithPhone(let number):
      return (key, text(number))
    case .linkPhone(let number):
      return (key, YAMLText.flow([("provider", "phone"), ("number", text(number))]))
    case .enterCode(let code):
      return (key, code.map { YAMLText.flow([("code", secret($0))]) })
    case .tap(let target):
      return (key, text(target))
    case .type(let fields):
      return (
        key,
        YAMLText.flow(
          fields.map {
            (YAMLText.scalar($0.name), $0.name == "password" ? secret($0.value) : text($0.value))
          })
      )
    case .followLink(let mail, let to, let newPassword, let which, let device):
      var pairs = [("mail", mail.rawValue), ("to", text(to))]
      if let newPassword { pairs.append(("new_password", secret(newPassword))) }
      if which != .newest { pairs.append(("which", which.written)) }
      if let device { pairs.append(("device", text(device))) }
      return (key, YAMLText.flow(pairs))
    case .wait(let duration):
      return (key, duration.description)
    case .admin(.setPassword(let account, let password)):
      let inner = YAMLText.flow([field(account), ("password", secret(password))])
      return (key, YAMLText.flow([("set_password", inner)]))
    case .admin(let admin):
      let account =
        switch admin.account {
        case .email(let email): text(email)
        case .id: YAMLText.flow([field(admin.account)])
        }
      return (key, YAMLText.flow([(admin.key, account)]))
    case .network(let online):
      return (key, YAMLText.flow([("online", String(online))]))
    case .failNext(let operation, let error):
      return (
        key, YAMLText.flow([("operation", operation.rawValue), ("error", YAMLText.scalar(error.rawValue))])
      )
    }
  }

  /// Claims as a flow mapping: strings quoted (so `"true"` stays text), numbers and booleans bare.
  static func write(_ claims: [String: ClaimValue]) -> String {
    YAMLText.flow(
      claims.keys.sorted().map { key in
        (YAMLText.scalar(key, substituted: false), claims[key].map(write) ?? "null")
      })
  }

  /// One claim: a string quoted, a number or boolean bare, a list as a flow sequence, nested claims as a flow
  /// mapping.
  static func write(_ claim: ClaimValue) -> String {
    switch claim {
    case .string(let string): YAMLText.quoted(string)
    case .integer(let number): String(number)
    case .bool(let flag): String(flag)
    case .list(let items): "[" + items.map(write).joined(separator: ", ") + "]"
    case .object(let members): write(members)
    }
  }

  private static func write(_ sheet: ProviderSheet) -> String {
    var pairs = [("provider", sheet.provider.rawValue)]
    if let account = sheet.account { pairs.append(("account", text(account))) }
    switch sheet.outcome {
    case .success: break
    case .cancel: pairs.append(("outcome", "cancel"))
    case .error(let code):
      pairs.append(("outcome", "error"))
      if code != .invalidCredential { pairs.append(("error", YAMLText.scalar(code.rawValue))) }
    }
    return YAMLText.flow(pairs)
  }
}
