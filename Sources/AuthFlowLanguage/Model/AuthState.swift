/// The machine's auth state, as the `state` expectation names it.
public enum AuthState: String, CaseIterable, Sendable {
  case signedOut
  case signedInUnverified
  case signedIn
}
