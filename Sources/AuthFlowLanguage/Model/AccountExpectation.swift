/// The backend's truth about one account; nil fields are not checked.
public struct AccountExpectation: Equatable, Sendable {
  /// The account's email: the account is looked up by it, unless ``device`` or ``id`` names the account; then a
  /// non-empty email is the one the account must have (empty: unchecked).
  public var email: String
  /// The device whose signed-in account this is (as the backend sees it), for accounts without an email;
  /// nil when ``email`` names it.
  public var device: String? = nil
  /// The id a `given.accounts` entry gave the account, for accounts without an email; nil when ``email`` or
  /// ``device`` names it.
  public var id: String? = nil
  /// Whether the account should exist at all.
  public var exists: Bool
  /// The expected `email_verified`; nil leaves it unchecked.
  public var emailVerified: Bool?
  /// The sign-in methods the account should have, exactly; nil leaves them unchecked.
  public var providers: Set<ProviderID>?
  /// Whether the account should be disabled; nil leaves it unchecked.
  public var disabled: Bool?
  /// Whether the account should be a guest's (anonymous, not yet upgraded); nil leaves it unchecked.
  public var anonymous: Bool? = nil
  /// The expected display name: nil leaves it unchecked, `.some(nil)` expects none.
  public var displayName: String??
  /// The expected photo URL: nil leaves it unchecked, `.some(nil)` expects none.
  public var photoURL: String?? = nil
  /// The kinds of second factor the account should have enrolled, exactly; nil leaves them unchecked.
  public var mfa: Set<SecondFactor.Kind>? = nil
  /// The expected phone number: nil leaves it unchecked, `.some(nil)` expects none.
  public var phoneNumber: String?? = nil
  /// Custom claims the account must have (others may be there too); nil leaves them unchecked.
  public var claims: [String: ClaimValue]? = nil

  /// An expectation on the account of `email`; every check left nil is not made.
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
