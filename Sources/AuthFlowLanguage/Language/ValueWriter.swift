/// Values several keys write alike: text, passwords, claims, provider sheets and the account an admin operation
/// names, each as the loader reads it back.
enum ValueWriter {
  /// Text where `${name}` is substituted: plain when YAML reads it back as that string, else quoted.
  static func text(_ value: String) -> String { YAMLText.scalar(value, substituted: true) }

  /// A password or typed secret, always quoted, `${` escaped.
  static func secret(_ value: String) -> String {
    YAMLText.quoted(YAMLText.literal(value))
  }

  /// `(email, …)` or `(id, …)`: the argument naming an admin operation's account.
  static func field(_ account: AccountName) -> (String, String) {
    switch account {
    case .email(let email): ("email", text(email))
    case .id(let id): ("id", text(id))
    }
  }

  /// Claims as a flow mapping: strings quoted (so `"true"` stays text), numbers and booleans bare.
  static func claims(_ claims: [String: ClaimValue]) -> String {
    YAMLText.flow(
      claims.keys.sorted().map { key in
        (YAMLText.scalar(key, substituted: false), claims[key].map(claim) ?? "null")
      })
  }

  /// One claim: a string quoted, a number or boolean bare, a list as a flow sequence, nested claims as a flow
  /// mapping.
  static func claim(_ claim: ClaimValue) -> String {
    switch claim {
    case .string(let string): YAMLText.quoted(string)
    case .integer(let number): String(number)
    case .bool(let flag): String(flag)
    case .list(let items): "[" + items.map(self.claim).joined(separator: ", ") + "]"
    case .object(let members): claims(members)
    }
  }

  /// An identity provider's sheet: its id alone when the user picks the first account and goes on.
  static func sheet(_ sheet: ProviderSheet, short: Bool) -> String {
    if short, sheet.account == nil, sheet.outcome == .success { return sheet.provider.rawValue }
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

  /// A second factor as `enroll_mfa` and `given.accounts[].mfa` write it.
  static func secondFactor(_ factor: SecondFactor) -> String {
    YAMLText.flow([("factor", factor.kind.rawValue)] + (factor.number.map { [("number", text($0))] } ?? []))
  }
}
