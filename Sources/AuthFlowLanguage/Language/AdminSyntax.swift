/// One operation under `admin:`, declared once: its key, the forms its value takes, a line on what it does, how
/// the loader reads it and how ``ScenarioWriter`` writes it back (as `ActionSyntax` is for actions).
struct AdminSyntax: Sendable {
  /// The key under `admin:`, as ``AdminAction/key`` gives it.
  let name: String
  /// The forms its value takes.
  let shape: ValueShape
  /// One line on what it does.
  let summary: String
  /// Reads the operation's value; nil after reporting why not.
  let read: @Sendable (inout ScenarioLoader.Document, YAMLNode) -> AdminAction?
  /// Writes an operation of this key as its value.
  let write: @Sendable (AdminAction) -> String

  private typealias Shapes = ScenarioLanguage
  private typealias Write = ValueWriter

  /// Every operation, in the order `authflow schema` lists them.
  static let all: [AdminSyntax] = [
    onAccount("disable", "Disable the account with this email (or {id}).") { .disable(account: $0) },
    onAccount("enable", "Enable the account with this email (or {id}).") { .enable(account: $0) },
    onAccount("delete", "Delete the account with this email (or {id}).") { .delete(account: $0) },
    onAccount("revoke_sessions", "Revoke every session of the account with this email (or {id}).") {
      .revokeSessions(account: $0)
    },
    onAccount("verify_email", "Mark the account's email verified.") { .verifyEmail(account: $0) },
    withArguments(
      "set_password", Shapes.setPassword, "Set an account's password.", hidden: true,
      read: { document, account, arguments in
        arguments["password"].flatMap { document.readPassword($0, key: "password") }.map {
          .setPassword(account: account, password: $0)
        }
      },
      write: { admin in
        guard case .setPassword(_, let password) = admin else { return [] }
        return [("password", Write.secret(password))]
      }),
    withArguments(
      "set_claims", Shapes.setClaims, "Replace an account's custom claims.",
      read: { document, account, arguments in
        arguments["claims"].flatMap { document.accountClaims($0, key: "claims") }.map {
          .setClaims(account: account, claims: $0)
        }
      },
      write: { admin in
        guard case .setClaims(_, let claims) = admin else { return [] }
        return [("claims", Write.claims(claims))]
      }),
    withArguments(
      "update_email", Shapes.updateEmail, "Change an account's email at once (updateUser).",
      read: { document, account, arguments in
        arguments["new_email"].flatMap { document.email($0, key: "new_email") }.map {
          .updateEmail(account: account, newEmail: $0)
        }
      },
      write: { admin in
        guard case .updateEmail(_, let newEmail) = admin else { return [] }
        return [("new_email", Write.text(newEmail))]
      }),
    withArguments(
      "set_phone", Shapes.setPhone, "Give an account a phone number, or remove it (null).",
      read: { document, account, arguments in
        guard let number = arguments["number"] else { return nil }
        if ScenarioLoader.Document.isNull(number) { return .setPhone(account: account, number: nil) }
        // Any text: the Admin SDK answers a number that is not E.164 with `invalid-phone-number` (the step
        // fails).
        return document.nonEmptyString(number, key: "number").map { .setPhone(account: account, number: $0) }
      },
      write: { admin in
        guard case .setPhone(_, let number) = admin else { return [] }
        return [("number", number.map(Write.text) ?? "null")]
      }),
    withArguments(
      "unenroll_mfa", Shapes.unenrollMFA, "Remove an account's second factor (phone or totp).",
      read: { document, account, arguments in
        arguments["factor"].flatMap { document.secondFactorKind($0, key: "factor") }.map {
          .unenrollMFA(account: account, factor: $0)
        }
      },
      write: { admin in
        guard case .unenrollMFA(_, let kind) = admin else { return [] }
        return [("factor", kind.rawValue)]
      }),
  ]

  /// Each operation by its key.
  static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// An operation taking only an account: its email, or `{id}` (`{email}` works too).
  private static func onAccount(
    _ name: String, _ summary: String, make: @escaping @Sendable (AccountName) -> AdminAction
  ) -> AdminSyntax {
    AdminSyntax(
      name: name, shape: Shapes.accountName, summary: summary,
      read: { document, value in
        let account: AccountName?
        if case .mapping = value {
          account =
            document.fields(value, key: name, context: name, shape: Shapes.accountReference)
            .flatMap { document.accountName(in: $0, at: value) }
        } else {
          account = document.string(value, key: name, expected: "an email or {id: NAME}").map(
            AccountName.email)
        }
        return account.map(make)
      },
      write: { admin in
        switch admin.account {
        case .email(let email): Write.text(email)
        case .id: YAMLText.flow([Write.field(admin.account)])
        }
      })
  }

  /// An operation taking a mapping: the account (`email` or `id`) and its own arguments.
  private static func withArguments(
    _ name: String, _ shape: MappingShape, _ summary: String, hidden: Bool = false,
    read: @escaping @Sendable (inout ScenarioLoader.Document, AccountName, Fields) -> AdminAction?,
    write: @escaping @Sendable (AdminAction) -> [(String, String)]
  ) -> AdminSyntax {
    AdminSyntax(
      name: name, shape: .mapping(shape), summary: summary,
      read: { document, value in
        // `set_password: hunter2`: what was written instead of the mapping may well be the password.
        if hidden { document.hideInDiagnostics(value) }
        guard let arguments = document.fields(value, key: name, context: name, shape: shape) else {
          return nil
        }
        let account = document.accountName(in: arguments, at: value)
        // Read the arguments even without an account, so each problem is reported.
        let admin = account.flatMap { read(&document, $0, arguments) }
        if account == nil { _ = read(&document, .email(""), arguments) }
        return admin
      },
      write: { admin in YAMLText.flow([Write.field(admin.account)] + write(admin)) })
  }
}
