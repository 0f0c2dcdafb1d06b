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

/// The operations production guards with the recent-login rule.
public enum SensitiveOperation: String, Sendable {
  case delete
  case changePassword = "change password"
}

/// A deleted account, remembered so that a session for it can be told apart from one issued before.
struct DeletedAccount {
  var email: String?
  /// ``Backend/tokenSerial`` when it was deleted: every ID token of the account numbered above it was
  /// minted after the deletion.
  var tokenSerial: Int
}

extension Backend {
  /// Appends to the journal of facts; see ``BackendFact``.
  func record(_ fact: BackendFact) {
    facts.append(fact)
  }

  /// Remembers a deletion for the "a deleted account stays deleted" invariant and records it.
  func recordDeletion(of account: Account, byClient: Bool) {
    deletedAccounts[account.uid] = DeletedAccount(email: account.email, tokenSerial: tokenSerial)
    record(.accountDeleted(uid: account.uid, email: account.email, byClient: byClient, at: world.now))
  }
}
