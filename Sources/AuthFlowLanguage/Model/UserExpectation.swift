/// The signed-in user as the app's auth client sees it; nil fields are not checked.
public struct UserExpectation: Equatable, Sendable {
  /// The expected email; nil leaves it unchecked.
  public var email: String?
  /// The expected `email_verified`; nil leaves it unchecked.
  public var emailVerified: Bool?
  /// The expected display name: nil leaves it unchecked, `.some(nil)` expects none.
  public var displayName: String??
  /// The sign-in methods the user should have, exactly; nil leaves them unchecked.
  public var providers: Set<ProviderID>?
  /// Whether the user should be a guest (an anonymous account not yet upgraded); nil leaves it unchecked.
  public var anonymous: Bool?
  /// The expected photo URL: nil leaves it unchecked, `.some(nil)` expects none.
  public var photoURL: String?? = nil
  /// The expected phone number: nil leaves it unchecked, `.some(nil)` expects none.
  public var phoneNumber: String?? = nil
  /// The kinds of second factor the user should have enrolled, exactly; nil leaves them unchecked.
  public var mfa: Set<SecondFactor.Kind>? = nil
  /// Claims the device's current ID token must carry (others may be there too); nil leaves them unchecked.
  public var claims: [String: ClaimValue]? = nil

  /// An expectation on the cached user; every check left nil is not made.
  public init(
    email: String? = nil, emailVerified: Bool? = nil, displayName: String?? = nil,
    providers: Set<ProviderID>? = nil, anonymous: Bool? = nil
  ) {
    self.email = email
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.providers = providers
    self.anonymous = anonymous
  }
}
