import AuthFlowLanguage

/// The signed-in user as a device's auth client caches it (FirebaseAuth's `currentUser`).
///
/// It is persisted on the device and stays as it was fetched until the next `reload()` or sign-in:
/// `emailVerified` in particular is stale after the email is verified elsewhere.
public struct CachedUser: Equatable, Sendable {
  /// The account's id.
  public var uid: String
  /// The account's email, if it has one.
  public var email: String?
  /// Whether the email was verified when the user was last fetched.
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// The sign-in methods linked to the account.
  public var providers: [ProviderID]
  /// Whether the user is a guest (an anonymous sign-in, no credential linked yet).
  public var isAnonymous: Bool
  /// When the account was created (FirebaseAuth's `metadata.creationDate`).
  public var createdAt: VirtualTime
  /// The profile photo's URL, if any.
  public var photoURL: String?
  /// The phone number, if the account has one.
  public var phoneNumber: String?
  /// The enrolled second factors (FirebaseAuth's `multiFactor.enrolledFactors`).
  public var mfa: [MFAEnrollment]

  init(_ info: AccountInfo) {
    uid = info.uid
    email = info.email
    emailVerified = info.emailVerified
    displayName = info.displayName
    providers = info.providers
    isAnonymous = info.isAnonymous
    createdAt = info.createdAt
    photoURL = info.photoURL
    phoneNumber = info.phoneNumber
    mfa = info.mfa
  }

  /// Whether the user signs in with a password and has not verified the email: the case apps gate on.
  public var isUnverifiedPasswordUser: Bool { providers.contains(.password) && !emailVerified }
}
