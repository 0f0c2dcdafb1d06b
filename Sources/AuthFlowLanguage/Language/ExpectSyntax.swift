/// One key of an `expect` mapping, declared once: its name, the forms its value takes, a line on what it checks,
/// how the loader reads it into expectations and how ``ScenarioWriter`` writes a check back (as
/// `ActionSyntax` is for actions).
final class ExpectSyntax: Sendable {
  /// The key under `expect`, as ``Expectation/Check/key`` gives it.
  let name: String
  /// The forms its value takes.
  let shape: ValueShape
  /// One line on what it checks.
  let summary: String
  /// Reads the key's value, written at the given place, appending its checks (`ui`: one per entry); none after
  /// reporting why not.
  let read: @Sendable (inout ScenarioLoader.Document, YAMLNode, SourceLocation, inout [Expectation]) -> Void
  /// Writes a check of this key as its value (`ui`: one entry's value; the writer gathers them).
  let write: @Sendable (Expectation.Check) -> String

  init(
    name: String, shape: ValueShape, summary: String,
    read:
      @escaping @Sendable (inout ScenarioLoader.Document, YAMLNode, SourceLocation, inout [Expectation]) ->
      Void,
    write: @escaping @Sendable (Expectation.Check) -> String
  ) {
    (self.name, self.shape, self.summary, self.read, self.write) = (name, shape, summary, read, write)
  }

  private typealias Shapes = ScenarioLanguage
  private typealias Write = ValueWriter

  /// Every key, in the order `authflow schema` lists them.
  static let all: [ExpectSyntax] = [
    one(
      "state", .oneOf(Shapes.states), "The machine's auth state.",
      read: { document, value in
        document.name(value, key: "state", kind: "state", candidates: Shapes.states.values) {
          AuthState(rawValue: $0)
        }.map(Expectation.Check.state)
      },
      write: { check in if case .state(let state) = check { state.rawValue } else { "" } }),
    one(
      "screen", .name, "The machine's current screen.",
      read: { document, value in document.nonEmptyString(value, key: "screen").map(Expectation.Check.screen)
      },
      write: { check in if case .screen(let screen) = check { Write.text(screen) } else { "" } }),
    one(
      "error", .errorCode(allowsNone: true), "The error the app shows, as a code, or none.",
      read: { document, value in
        document.errorCode(value, key: "error", allowsNone: true).map(Expectation.Check.error)
      },
      write: { check in if case .error(let code) = check { errorCode(code) } else { "" } }),
    one(
      "link_error", .errorCode(allowsNone: true), "The error the last follow_link page showed, or none.",
      read: { document, value in
        document.errorCode(value, key: "link_error", allowsNone: true).map(Expectation.Check.linkError)
      },
      write: { check in if case .linkError(let code) = check { errorCode(code) } else { "" } }),
    ExpectSyntax(
      name: "ui", shape: .dictionary(of: .text), summary: "Named values the machine shows, compared as text.",
      read: { document, value, _, checks in
        for field in document.entries(value, key: "ui", expected: "a mapping of names to values") ?? [] {
          let at = document.location(field.keyMark)
          document.string(field.value, key: field.name, expected: "a value").map {
            checks.append(Expectation(.ui(name: field.name, value: $0), at: at))
          }
        }
      },
      write: { check in if case .ui(_, let value) = check { Write.text(value) } else { "" } }),
    one(
      "user", .either([.literal("none"), .mapping(Shapes.user)]),
      "The signed-in user as the app's auth client sees it (possibly stale), or none.",
      read: { document, value in document.user(value).map(Expectation.Check.user) },
      write: { check in
        guard case .user(let user) = check else { return "" }
        return user.map(ExpectSyntax.user) ?? "none"
      }),
    one(
      "account", .mapping(Shapes.accountExpectation), "The backend's truth for one account.",
      read: { document, value in document.account(value).map(Expectation.Check.account) },
      write: { check in if case .account(let account) = check { ExpectSyntax.account(account) } else { "" } }),
    one(
      "mail", .mapping(Shapes.mail), "Emails of one kind sent to one address so far.",
      read: { document, value in document.mail(value).map(Expectation.Check.mail) },
      write: { check in
        guard case .mail(let mail) = check else { return "" }
        var pairs = [("to", Write.text(mail.to)), ("kind", mail.kind.rawValue)]
        if let count = mail.count { pairs.append(("count", "\(count)")) }
        return YAMLText.flow(pairs)
      }),
    one(
      "sms", .mapping(Shapes.sms), "Text messages (verification codes) sent to one number so far.",
      read: { document, value in document.sms(value).map(Expectation.Check.sms) },
      write: { check in
        guard case .sms(let sms) = check else { return "" }
        var pairs = [("to", Write.text(sms.to))]
        if let count = sms.count { pairs.append(("count", "\(count)")) }
        return YAMLText.flow(pairs)
      }),
    one(
      "signed_in_devices", .list(.name), "The devices whose auth client holds a session, as a set.",
      read: { document, value in document.signedInDevices(value).map(Expectation.Check.signedInDevices) },
      write: { check in
        guard case .signedInDevices(let devices) = check else { return "" }
        return YAMLText.list(devices.map { YAMLText.scalar($0) })
      }),
  ]

  /// Each key's syntax by its name.
  static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
  /// Each key's reader, in the order of `all` (and of ``ScenarioLanguage/expectation``'s keys): the loader reads
  /// an entry with the reader at its key's place.
  static let readers = all.map(\.read)

  /// A key that makes one check, placed at the key.
  private static func one(
    _ name: String, _ shape: ValueShape, _ summary: String,
    read: @escaping @Sendable (inout ScenarioLoader.Document, YAMLNode) -> Expectation.Check?,
    write: @escaping @Sendable (Expectation.Check) -> String
  ) -> ExpectSyntax {
    ExpectSyntax(
      name: name, shape: shape, summary: summary,
      read: { document, value, at, checks in
        if let check = read(&document, value) { checks.append(Expectation(check, at: at)) }
      },
      write: write)
  }

  // MARK: - Writing

  private static func errorCode(_ code: AuthErrorCode?) -> String {
    code.map { YAMLText.scalar($0.rawValue) } ?? "none"
  }

  private static func providers(_ set: Set<ProviderID>) -> String {
    YAMLText.list(set.sorted().map(\.rawValue))
  }

  private static func kinds(_ set: Set<SecondFactor.Kind>) -> String {
    YAMLText.list(set.sorted().map(\.rawValue))
  }

  /// A nullable text field: absent (nil), `null`, or the text.
  private static func name(_ value: String??) -> String? {
    guard let value else { return nil }
    return value.map(Write.text) ?? "null"
  }

  private static func user(_ user: UserExpectation) -> String {
    var pairs: [(String, String)] = []
    if let email = user.email { pairs.append(("email", Write.text(email))) }
    if let verified = user.emailVerified { pairs.append(("email_verified", String(verified))) }
    if let displayName = name(user.displayName) { pairs.append(("display_name", displayName)) }
    if let set = user.providers { pairs.append(("providers", providers(set))) }
    if let anonymous = user.anonymous { pairs.append(("anonymous", String(anonymous))) }
    if let photo = name(user.photoURL) { pairs.append(("photo_url", photo)) }
    if let phone = name(user.phoneNumber) { pairs.append(("phone_number", phone)) }
    if let mfa = user.mfa { pairs.append(("mfa", kinds(mfa))) }
    if let claims = user.claims { pairs.append(("claims", Write.claims(claims))) }
    return YAMLText.flow(pairs)
  }

  private static func account(_ account: AccountExpectation) -> String {
    var pairs: [(String, String)] = []
    if !account.email.isEmpty { pairs.append(("email", Write.text(account.email))) }
    if let device = account.device { pairs.append(("device", Write.text(device))) }
    if let id = account.id { pairs.append(("id", Write.text(id))) }
    if !account.exists { pairs.append(("exists", "false")) }
    if let verified = account.emailVerified { pairs.append(("email_verified", String(verified))) }
    if let set = account.providers { pairs.append(("providers", providers(set))) }
    if let disabled = account.disabled { pairs.append(("disabled", String(disabled))) }
    if let anonymous = account.anonymous { pairs.append(("anonymous", String(anonymous))) }
    if let displayName = name(account.displayName) { pairs.append(("display_name", displayName)) }
    if let photo = name(account.photoURL) { pairs.append(("photo_url", photo)) }
    if let phone = name(account.phoneNumber) { pairs.append(("phone_number", phone)) }
    if let mfa = account.mfa { pairs.append(("mfa", kinds(mfa))) }
    if let claims = account.claims { pairs.append(("claims", Write.claims(claims))) }
    return YAMLText.flow(pairs)
  }
}
