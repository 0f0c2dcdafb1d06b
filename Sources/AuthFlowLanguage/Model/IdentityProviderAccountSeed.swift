/// An account at a fake identity provider.
public struct IdentityProviderAccountSeed: Equatable, Sendable {
  public var email: String
  public var name: String?
  /// nil takes the provider's default (SPEC 5.4).
  public var emailVerified: Bool?

  public init(email: String, name: String? = nil, emailVerified: Bool? = nil) {
    self.email = email
    self.name = name
    self.emailVerified = emailVerified
  }
}
