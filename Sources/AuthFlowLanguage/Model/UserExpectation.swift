/// The signed-in user as the app's auth client sees it; nil fields are not checked.
public struct UserExpectation: Equatable, Sendable {
  public var email: String?
  public var emailVerified: Bool?
  public var displayName: String??
  public var providers: Set<ProviderID>?

  public init(
    email: String? = nil, emailVerified: Bool? = nil, displayName: String?? = nil,
    providers: Set<ProviderID>? = nil
  ) {
    self.email = email
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.providers = providers
  }
}
