/// The machine's auth state, as the `state` expectation names it.
public enum AuthState: String, CaseIterable, Sendable {
  case signedOut
  case signedInUnverified
  case signedIn
}

/// The kinds of email the backend sends.
public enum MailKind: String, CaseIterable, Sendable {
  case verifyEmail = "verify_email"
  case passwordReset = "password_reset"
}

/// Backend operations, named as in Identity Toolkit (SPEC 5.1); `fail_next` uses these names.
public enum BackendOperation: String, CaseIterable, Sendable {
  case signUp
  case signInWithPassword
  case signInWithIdp
  case sendOobCode
  case applyOobCode
  case resetPassword
  case lookup
  case update
  case delete
  case createAuthUri
  case refreshToken
}
