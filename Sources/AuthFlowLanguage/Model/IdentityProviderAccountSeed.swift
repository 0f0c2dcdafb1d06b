/// An account at a fake identity provider.
public struct IdentityProviderAccountSeed: Equatable, Sendable {
  /// The account's email at the provider.
  public var email: String
  /// The account's name at the provider, if any.
  public var name: String?
  /// nil takes the provider's default (SPEC 5.4).
  public var emailVerified: Bool?

  /// An IdP account of `email`.
  public init(email: String, name: String? = nil, emailVerified: Bool? = nil) {
    self.email = email
    self.name = name
    self.emailVerified = emailVerified
  }
}
