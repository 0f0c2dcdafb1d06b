/// How a scenario names an account: by its email, or by the `id` its `given.accounts` entry gave it (SPEC §9.4),
/// the only name an account without an email (a guest, a custom-token user) has.
public enum AccountName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The account with this email (stored lowercased).
  case email(String)
  /// The account a `given.accounts` entry named with `id:`.
  case id(String)

  /// A string literal names an account by its email.
  public init(stringLiteral email: String) { self = .email(email) }

  /// As the transcript and failures write it: the email, or `id NAME`.
  public var description: String {
    switch self {
    case .email(let email): email
    case .id(let id): "id \(id)"
    }
  }

  /// As a scenario writes it where an email would go: the email, or `{id: NAME}`.
  public var written: String {
    switch self {
    case .email(let email): email
    case .id(let id): "{id: \(id)}"
    }
  }

  /// As a scenario writes it among an operation's arguments: `email: …` or `id: …`.
  public var writtenField: String {
    switch self {
    case .email(let email): "email: \(email)"
    case .id(let id): "id: \(id)"
    }
  }

  /// The email, when the account is named by it.
  public var email: String? {
    if case .email(let email) = self { email } else { nil }
  }
}
