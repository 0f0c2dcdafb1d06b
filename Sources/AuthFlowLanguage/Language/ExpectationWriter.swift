/// An expectation's value as an `expect` mapping writes it.
enum ExpectationWriter {
  private static func text(_ value: String) -> String { YAMLText.scalar(value, substituted: true) }

  private static func providers(_ set: Set<ProviderID>) -> String {
    YAMLText.list(set.sorted().map(\.rawValue))
  }

  private static func kinds(_ set: Set<SecondFactor.Kind>) -> String {
    YAMLText.list(set.sorted().map(\.rawValue))
  }

  private static func name(_ value: String??) -> String? {
    guard let value else { return nil }
    return value.map(text) ?? "null"
  }

  static func write(_ check: Expectation.Check) -> String {
    switch check {
    case .state(let state): return state.rawValue
    case .screen(let screen): return text(screen)
    case .error(let code), .linkError(let code): return code.map { YAMLText.scalar($0.rawValue) } ?? "none"
    case .ui(_, let value): return text(value)
    case .user(nil): return "none"
    case .user(let user?):
      var pairs: [(String, String)] = []
      if let email = user.email { pairs.append(("email", text(email))) }
      if let verified = user.emailVerified { pairs.append(("email_verified", String(verified))) }
      if let displayName = name(user.displayName) { pairs.append(("display_name", displayName)) }
      if let set = user.providers { pairs.append(("providers", providers(set))) }
      if let anonymous = user.anonymous { pairs.append(("anonymous", String(anonymous))) }
      if let photo = name(user.photoURL) { pairs.append(("photo_url", photo)) }
      if let phone = name(user.phoneNumber) { pairs.append(("phone_number", phone)) }
      if let mfa = user.mfa { pairs.append(("mfa", kinds(mfa))) }
      if let claims = user.claims { pairs.append(("claims", ValueWriter.claims(claims))) }
      return YAMLText.flow(pairs)
    case .account(let account):
      var pairs: [(String, String)] = []
      if !account.email.isEmpty { pairs.append(("email", text(account.email))) }
      if let device = account.device { pairs.append(("device", text(device))) }
      if let id = account.id { pairs.append(("id", text(id))) }
      if !account.exists { pairs.append(("exists", "false")) }
      if let verified = account.emailVerified { pairs.append(("email_verified", String(verified))) }
      if let set = account.providers { pairs.append(("providers", providers(set))) }
      if let disabled = account.disabled { pairs.append(("disabled", String(disabled))) }
      if let anonymous = account.anonymous { pairs.append(("anonymous", String(anonymous))) }
      if let displayName = name(account.displayName) { pairs.append(("display_name", displayName)) }
      if let photo = name(account.photoURL) { pairs.append(("photo_url", photo)) }
      if let phone = name(account.phoneNumber) { pairs.append(("phone_number", phone)) }
      if let mfa = account.mfa { pairs.append(("mfa", kinds(mfa))) }
      if let claims = account.claims { pairs.append(("claims", ValueWriter.claims(claims))) }
      return YAMLText.flow(pairs)
    case .sms(let sms):
      var pairs = [("to", text(sms.to))]
      if let count = sms.count { pairs.append(("count", "\(count)")) }
      return YAMLText.flow(pairs)
    case .mail(let mail):
      var pairs = [("to", text(mail.to)), ("kind", mail.kind.rawValue)]
      if let count = mail.count { pairs.append(("count", "\(count)")) }
      return YAMLText.flow(pairs)
    case .signedInDevices(let devices):
      return YAMLText.list(devices.map { YAMLText.scalar($0) })
    }
  }
}
