/// An account at a fake identity provider.
public struct IdentityProviderAccountSeed: Equatable, Sendable {
  /// The account's email at the provider.
  public var email: String
  /// The account's name at the provider, if any.
  public var name: String?
  /// nil takes the provider's default (SPEC 5.4).
  public var emailVerified: Bool?
  /// The account's profile photo at the provider (`picture`), if any: a new Firebase account takes it.
  public var photoURL: String?
  /// The account's user name at the provider (a GitHub login, a Twitter handle), if any: what
  /// `additionalUserInfo.username` says.
  public var username: String?

  /// An IdP account of `email`.
  public init(
    email: String, name: String? = nil, emailVerified: Bool? = nil, photoURL: String? = nil,
    username: String? = nil
  ) {
    self.email = email
    self.name = name
    self.emailVerified = emailVerified
    self.photoURL = photoURL
    self.username = username
  }
}
