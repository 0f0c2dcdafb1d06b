/// The backend's truth about one account; nil fields are not checked.
public struct AccountExpectation: Equatable, Sendable {
  public var email: String
  public var exists: Bool
  public var emailVerified: Bool?
  public var providers: Set<ProviderID>?
  public var disabled: Bool?
  public var displayName: String??

  public init(
    email: String, exists: Bool = true, emailVerified: Bool? = nil, providers: Set<ProviderID>? = nil,
    disabled: Bool? = nil, displayName: String?? = nil
  ) {
    self.email = email
    self.exists = exists
    self.emailVerified = emailVerified
    self.providers = providers
    self.disabled = disabled
    self.displayName = displayName
  }
}
