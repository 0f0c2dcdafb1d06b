/// An account that exists before the scenario starts.
public struct AccountSeed: Equatable, Sendable {
  public var email: String
  public var password: String?
  public var emailVerified: Bool
  public var displayName: String?
  /// Federated providers linked besides the password.
  public var providers: [ProviderID]
  public var disabled: Bool

  public init(
    email: String, password: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
    providers: [ProviderID] = [], disabled: Bool = false
  ) {
    self.email = email
    self.password = password
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.providers = providers
    self.disabled = disabled
  }
}
