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

/// A federated credential the backend refused with `account-exists-with-different-credential`, kept so the app
/// can sign in with an existing method and then link it.
public struct PendingCredential: Equatable, Sendable {
  public var provider: ProviderID
  public var email: String
  let account: IdentityProviders.Account
}

/// What the auth client tells its listener (the app's `addStateDidChangeListener`).
public struct AuthStateChange: Equatable, Sendable {
  /// The user now, nil when signed out.
  public var user: CachedUser?
  /// Why the client signed itself out (a revoked session, a disabled or deleted account), if it did.
  public var error: AuthErrorCode?
}
