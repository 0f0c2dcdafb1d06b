/// The machine's auth state, as the `state` expectation names it.
public enum AuthState: String, CaseIterable, Sendable {
  /// No user is signed in.
  case signedOut
  /// A password user whose email is not verified yet.
  case signedInUnverified
  /// A user who may use the app.
  case signedIn
}
