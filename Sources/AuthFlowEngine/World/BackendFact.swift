import AuthFlowLanguage

/// Something the backend did that an invariant may want to check afterwards.
///
/// Production keeps no such journal; the fake records it only so that invariants (checked after every step)
/// can tell what happened during the step without re-deriving it. The backend never reads it back.
public enum BackendFact: Equatable, Sendable {
  /// A sensitive operation (delete, password change) that succeeded, with the `auth_time` of the ID token it
  /// was authorised by.
  case sensitiveOperation(SensitiveOperation, uid: String, authTime: VirtualTime, at: VirtualTime)
  /// A verification code applied or a password reset completed: the code is used up.
  case actionCodeApplied(code: String, kind: MailKind, at: VirtualTime)
  /// An account removed by its own signed-in client (`delete`) or by the admin SDK.
  case accountDeleted(uid: String, email: String?, byClient: Bool, at: VirtualTime)
  /// An account created by sign-up or a federated sign-in (not by `given`).
  case accountCreated(uid: String, email: String?)
}
