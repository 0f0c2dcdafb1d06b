/// One key of an account under `given.identity_providers`, declared once: its field of
/// ``ScenarioLanguage/identityProviderAccount``, how the loader reads it into the ``IdentityProviderAccountSeed``
/// and how ``ScenarioWriter`` writes it back (nil: left out).
final class IdentityProviderAccountSyntax: Sendable {
  /// Reads the key's value into the account being loaded, reporting any problem.
  typealias Reader =
    @Sendable (inout ScenarioLoader.Document, YAMLNode, inout IdentityProviderAccountSeed) -> Void

  /// The key as ``ScenarioLanguage/identityProviderAccount`` lists it.
  let field: MappingShape.Field
  let read: Reader
  let write: @Sendable (IdentityProviderAccountSeed) -> String?

  init(
    _ field: MappingShape.Field, read: @escaping Reader,
    write: @escaping @Sendable (IdentityProviderAccountSeed) -> String?
  ) {
    (self.field, self.read, self.write) = (field, read, write)
  }

  /// The key's name.
  var name: String { field.name }

  /// Every key, in the order the language lists them and the writer writes them.
  static let all = [email, name, emailVerified, photoURL, username]

  /// The loader reads it first: the account is known by it, and a second one of the same provider is reported.
  static let email = IdentityProviderAccountSyntax(
    .init("email", .email, required: true, "The IdP account's email."),
    read: { document, node, seed in document.email(node, key: "email").map { seed.email = $0 } },
    write: { ValueWriter.text($0.email) })

  static let name = IdentityProviderAccountSyntax(
    .init("name", .nullableText, "The name the IdP shares."),
    read: { document, node, seed in document.nullableString(node, key: "name").map { seed.name = $0 } },
    write: { $0.name.map(ValueWriter.text) })

  static let emailVerified = IdentityProviderAccountSyntax(
    .init("email_verified", .boolean, "Whether the IdP says the email is verified (default per provider)."),
    read: { document, node, seed in seed.emailVerified = document.bool(node, key: "email_verified") },
    write: { $0.emailVerified.map { String($0) } })

  static let photoURL = IdentityProviderAccountSyntax(
    .init(
      "photo_url", .nullableText, "The profile photo the IdP shares (`picture`); a new account takes it."),
    read: { document, node, seed in document.nullableString(node, key: "photo_url").map { seed.photoURL = $0 }
    },
    write: { $0.photoURL.map(ValueWriter.text) })

  static let username = IdentityProviderAccountSyntax(
    .init("username", .nullableText, "The user name at the IdP (a GitHub login, a Twitter handle)."),
    read: { document, node, seed in document.nullableString(node, key: "username").map { seed.username = $0 }
    },
    write: { $0.username.map(ValueWriter.text) })
}
