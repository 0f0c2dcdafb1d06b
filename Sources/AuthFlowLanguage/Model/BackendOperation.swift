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
