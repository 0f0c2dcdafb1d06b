import AuthFlowLanguage

/// An account as `authflow serve` reports it over HTTP: `lookup`, the Admin SDK's `UserRecord`.
public struct ServedAccount: Equatable, Sendable {
  /// The account's id (`localId`).
  public var uid: String
  /// The account's email, if any.
  public var email: String?
  /// Whether the email is verified.
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// Whether the account is disabled.
  public var disabled: Bool
  /// Whether the account has a password (production returns a hash; the server says only that one exists).
  public var hasPassword: Bool
  /// Whether the account has signed in with an email link (`emailLinkSignin`).
  public var emailLinkSignIn: Bool
  /// Linked identity-provider accounts, in the order they were linked.
  public var links: [LinkedAccount]
  /// When the account was created, in virtual time (`createdAt`).
  public var createdAt: VirtualTime
  /// The profile photo's URL (`photoUrl`), if any.
  public var photoURL: String?
  /// The user name an identity provider gave (`screenName`), if any.
  public var screenName: String?
  /// The account's first email, once it has changed (`initialEmail`).
  public var initialEmail: String?
  /// When the user last signed in (`lastLoginAt`); nil before the first sign-in.
  public var lastSignInAt: VirtualTime?
  /// When an ID token was last minted for the account (`lastRefreshAt`), nil if never.
  public var lastRefreshAt: VirtualTime?
  /// The custom claims the Admin SDK set (`customAttributes`).
  public var customClaims: [String: ClaimValue]
  /// When the account's sessions were last revoked (`validSince`); nil when they never were.
  public var revokedAt: VirtualTime?
  /// The phone number (E.164) the account signs in with (the `phone` provider), if any.
  public var phoneNumber: String?
  /// The enrolled second factors (`mfaInfo`), oldest first.
  public var mfa: [MFAEnrollment]

  /// Sign-in methods as `createAuthUri` would list them.
  public var providers: [ProviderID] {
    ((hasPassword ? [.password] : []) + links.map(\.provider) + (phoneNumber == nil ? [] : [.phone])).sorted()
  }

  init(_ account: Account) {
    uid = account.uid
    email = account.email
    emailVerified = account.emailVerified
    displayName = account.displayName
    disabled = account.disabled
    hasPassword = account.password != nil
    emailLinkSignIn = account.emailLinkSignIn
    links = account.links
    createdAt = account.createdAt
    photoURL = account.photoURL
    screenName = account.screenName
    initialEmail = account.initialEmail
    lastSignInAt = account.lastSignInAt
    lastRefreshAt = account.lastRefreshAt
    customClaims = account.customClaims
    revokedAt = account.revokedAt
    phoneNumber = account.phoneNumber
    mfa = account.mfa
  }
}
