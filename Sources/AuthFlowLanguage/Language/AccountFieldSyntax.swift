/// One key of a `given.accounts` entry, declared once: its field of ``ScenarioLanguage/givenAccount``, how the
/// loader reads it into the ``AccountSeed`` and how ``ScenarioWriter`` writes it back (nil: left out, the
/// default).
final class AccountFieldSyntax: Sendable {
  /// Reads the key's value into the account being loaded, reporting any problem.
  typealias Reader = @Sendable (inout ScenarioLoader.Document, YAMLNode, inout AccountSeed) -> Void

  /// The key as ``ScenarioLanguage/givenAccount`` lists it.
  let field: MappingShape.Field
  let read: Reader
  let write: @Sendable (AccountSeed) -> String?

  init(
    _ field: MappingShape.Field, read: @escaping Reader, write: @escaping @Sendable (AccountSeed) -> String?
  ) {
    (self.field, self.read, self.write) = (field, read, write)
  }

  /// The key's name.
  var name: String { field.name }

  private typealias Shapes = ScenarioLanguage
  private typealias Write = ValueWriter

  /// Every key, in the order the language lists them and the writer writes them.
  static let all = [
    email, id, anonymous, password, emailVerified, displayName, providers, disabled, photoURL, claims,
    phoneNumber,
    mfa,
  ]

  /// The loader reads these two first: they name the account, and a second account of the same name is reported
  /// before its other keys are read.
  static let email = AccountFieldSyntax(
    .init("email", .email, "The account's email (stored lowercased); an account without one needs an id."),
    read: { document, node, seed in seed.email = document.email(node, key: "email") },
    write: { $0.email.map(Write.text) })

  static let id = AccountFieldSyntax(
    .init("id", .name, "A name steps and expectations use for the account (account: {id}, admin: {id})."),
    read: { document, node, seed in seed.id = document.accountIDName(node) },
    write: { $0.id.map(Write.text) })

  static let anonymous = flag(
    "anonymous", \.anonymous, "A guest's account (default false): no email, password or provider.")

  static let password = AccountFieldSyntax(
    .init("password", .text, "Its password; without one the account has no password sign-in."),
    read: { document, node, seed in document.readPassword(node, key: "password").map { seed.password = $0 } },
    write: { $0.password.map(Write.secret) })

  static let emailVerified = flag("email_verified", \.emailVerified, "Default false.")

  static let displayName = nullableText("display_name", \.displayName, "Default none.")

  static let providers = AccountFieldSyntax(
    .init(
      "providers", .list(.oneOf(Shapes.identityProviders), unique: true),
      "Identity providers linked besides the password."),
    read: { document, node, seed in document.linkedProviders(node).map { seed.providers = $0 } },
    write: { $0.providers.isEmpty ? nil : YAMLText.list($0.providers.map(\.rawValue)) })

  static let disabled = flag("disabled", \.disabled, "Default false.")

  static let photoURL = nullableText("photo_url", \.photoURL, "Default none.")

  static let claims = AccountFieldSyntax(
    .init("claims", Shapes.claims, "Custom claims the account already has (setCustomUserClaims)."),
    read: { document, node, seed in document.accountClaims(node, key: "claims").map { seed.claims = $0 } },
    write: { $0.claims.isEmpty ? nil : Write.claims($0.claims) })

  /// The loader checks afterwards that no two accounts share a number.
  static let phoneNumber = AccountFieldSyntax(
    .init("phone_number", .text, "Its phone number (E.164): it signs in with it."),
    read: { document, node, seed in
      document.phoneNumber(node, key: "phone_number").map { seed.phoneNumber = $0 }
    },
    write: { $0.phoneNumber.map(Write.text) })

  static let mfa = AccountFieldSyntax(
    .init("mfa", .list(.mapping(Shapes.secondFactor)), "Second factors it has enrolled."),
    read: { document, node, seed in document.secondFactors(node, key: "mfa").map { seed.mfa = $0 } },
    write: { $0.mfa.isEmpty ? nil : YAMLText.list($0.mfa.map(Write.secondFactor)) })

  /// A flag that is false unless written: written back only when true.
  private static func flag(
    _ name: String, _ path: WritableKeyPath<AccountSeed, Bool> & Sendable, _ summary: String
  ) -> AccountFieldSyntax {
    AccountFieldSyntax(
      .init(name, .boolean, summary),
      read: { document, node, seed in document.bool(node, key: name).map { seed[keyPath: path] = $0 } },
      write: { $0[keyPath: path] ? "true" : nil })
  }

  /// Text that is absent unless written (`null` keeps it absent).
  private static func nullableText(
    _ name: String, _ path: WritableKeyPath<AccountSeed, String?> & Sendable, _ summary: String
  ) -> AccountFieldSyntax {
    AccountFieldSyntax(
      .init(name, .nullableText, summary),
      read: { document, node, seed in
        document.nullableString(node, key: name).map { seed[keyPath: path] = $0 }
      },
      write: { $0[keyPath: path].map(Write.text) })
  }
}
