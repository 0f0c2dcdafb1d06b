/// An account that exists before the scenario starts.
public struct AccountSeed: Equatable, Sendable {
  /// The account's email.
  public var email: String
  /// Its password; nil for an account that signs in only through identity providers.
  public var password: String?
  /// Whether the email starts verified (default false).
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// Federated providers linked besides the password.
  public var providers: [ProviderID]
  /// Whether an administrator disabled the account (default false).
  public var disabled: Bool
  /// The profile photo's URL, if any.
  public var photoURL: String? = nil
  /// Custom claims the Admin SDK set before the scenario (`setCustomUserClaims`).
  public var claims: [String: ClaimValue] = [:]

  /// An account of `email`; the defaults match an unverified password account.
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
