import AuthFlowLanguage

/// The backend's judgement of the session a client holds.
public enum SessionStatus: Equatable, Sendable {
  /// The client holds no session.
  case none
  /// The session is valid: the account exists, is enabled and the token is not revoked.
  case live
  /// Revoked (password change or reset, `revoke_sessions`, a takeover): the next refresh or reload fails.
  case revoked
  /// The account was disabled after the client got its tokens.
  case accountDisabled
  /// The account was deleted after the client got its token.
  case accountDeleted
  /// The client holds an ID token minted after its account was deleted: it should not exist.
  case mintedAfterDeletion
}
