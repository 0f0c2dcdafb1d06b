import AuthFlowLanguage

/// The signed-in user as a device's auth client caches it (FirebaseAuth's `currentUser`).
///
/// It is persisted on the device and stays as it was fetched until the next `reload()` or sign-in:
/// `emailVerified` in particular is stale after the email is verified elsewhere.
public struct CachedUser: Equatable, Sendable {
  public var uid: String
  public var email: String?
  public var emailVerified: Bool
  public var displayName: String?
  public var providers: [ProviderID]

  init(_ info: AccountInfo) {
    uid = info.uid
    email = info.email
    emailVerified = info.emailVerified
    displayName = info.displayName
    providers = info.providers
  }

  /// Whether the user signs in with a password and has not verified the email: the case apps gate on.
  public var isUnverifiedPasswordUser: Bool { providers.contains(.password) && !emailVerified }
}
