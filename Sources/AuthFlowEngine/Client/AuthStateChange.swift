import AuthFlowLanguage

/// What the auth client tells its listener (the app's `addStateDidChangeListener`).
public struct AuthStateChange: Equatable, Sendable {
  /// The user now, nil when signed out.
  public var user: CachedUser?
  /// Why the client signed itself out (a revoked session, a disabled or deleted account), if it did.
  public var error: AuthErrorCode?
}
