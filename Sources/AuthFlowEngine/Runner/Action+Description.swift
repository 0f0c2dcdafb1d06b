import AuthFlowLanguage

extension Action {
  /// The action as a transcript shows it, with passwords replaced by placeholders.
  func summary(_ redactor: Redactor) -> String {
    func sheet(_ sheet: ProviderSheet) -> String {
      var parts = [sheet.provider.rawValue]
      if let account = sheet.account { parts.append("account: \(account)") }
      switch sheet.outcome {
      case .success: break
      case .cancel: parts.append("outcome: cancel")
      case .error(let code): parts.append("outcome: error (\(code))")
      }
      return parts.count == 1 ? parts[0] : "{provider: \(parts.joined(separator: ", "))}"
    }
    let key = kind.rawValue
    switch self {
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel, .signInAnonymously:
      return key
    case .unlinkProvider(let provider):
      return "\(key) \(provider)"
    case .signInWithPhone(let number):
      return "\(key) \(number)"
    case .linkPhone(let number):
      return "\(key) {provider: phone, number: \(number)}"
    case .enterCode(let code):
      return code == nil ? key : "\(key) {code: ••••••}"
    case .enrollMFA(let factor):
      return "\(key) {factor: \(factor.kind)\(factor.number.map { ", number: \($0)" } ?? "")}"
    case .unenrollMFA(let kind):
      return "\(key) \(kind)"
    case .updateProfile(let name, let photo):
      let fields =
        (name.map { ["display_name: \($0 ?? "null")"] } ?? [])
        + (photo.map { ["photo_url: \($0 ?? "null")"] } ?? [])
      return "\(key) {\(fields.joined(separator: ", "))}"
    case .linkPassword(let email, let password):
      return "\(key) {provider: password, email: \(email), password: \(redactor.password(password))}"
    case .signUp(let email, let password, let displayName):
      let name = displayName.map { ", display_name: \($0)" } ?? ""
      return "\(key) {email: \(email), password: \(redactor.password(password))\(name)}"
    case .signIn(let email, let password):
      return "\(key) {email: \(email), password: \(redactor.password(password))}"
    case .signInWith(let value), .linkProvider(let value):
      return "\(key) \(sheet(value))"
    case .forgotPassword(let email):
      return email.map { "\(key) \($0)" } ?? key
    case .reauthenticate(.password(let password)):
      return "\(key) {password: \(redactor.password(password))}"
    case .reauthenticate(.provider(let value)):
      return "\(key) \(sheet(value))"
    case .changePassword(let password):
      return "\(key) \(redactor.password(password))"
    case .changeEmail(let email), .sendSignInLink(let email):
      return "\(key) \(email)"
    case .signInWithCustomToken(let uid, let claims):
      return "\(key) {uid: \(uid)\(claims.isEmpty ? "" : ", claims: \(ClaimValue.describe(claims))")}"
    case .admin(.setClaims(let account, let claims)):
      return "\(key) {set_claims: {\(account.writtenField), claims: \(ClaimValue.describe(claims))}}"
    case .admin(.unenrollMFA(let account, let kind)):
      return "\(key) {unenroll_mfa: {\(account.writtenField), factor: \(kind)}}"
    case .admin(.setPhone(let account, let number)):
      return "\(key) {set_phone: {\(account.writtenField), number: \(number ?? "null")}}"
    case .admin(.updateEmail(let account, let newEmail)):
      return "\(key) {update_email: {\(account.writtenField), new_email: \(newEmail)}}"
    case .tap(let target):
      return "\(key) \(target)"
    case .type(let fields):
      let text = fields.map {
        "\($0.name): \(redactor.hides($0.value) ? redactor.password($0.value) : redactor.scrub($0.value))"
      }
      return "\(key) {\(text.joined(separator: ", "))}"
    case .followLink(let mail, let to, let newPassword, let which, let device):
      let password = newPassword.map { ", new_password: \(redactor.password($0))" } ?? ""
      let choice = which == .newest ? "" : ", which: \(which.written)"
      let on = device.map { ", device: \($0)" } ?? ""
      return "\(key) {mail: \(mail.rawValue), to: \(to)\(password)\(choice)\(on)}"
    case .wait(let duration):
      return "\(key) \(duration)"
    case .admin(.setPassword(let account, let password)):
      return "\(key) {set_password: {\(account.writtenField), password: \(redactor.password(password))}}"
    case .admin(let action):
      return "\(key) {\(action.key): \(action.account.written)}"
    case .network(let online):
      return "\(key) {online: \(online)}"
    case .failNext(let operation, let error):
      return "\(key) {operation: \(operation.rawValue), error: \(error)}"
    }
  }
}
