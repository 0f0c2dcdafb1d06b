import AuthFlowLanguage

/// A session the server hands out: the account as it is after the call, and its tokens.
public struct ServedSession: Equatable, Sendable {
  /// The account signed in to.
  public var account: ServedAccount
  /// The ID and refresh tokens the client gets.
  public var tokens: SessionTokens
  /// Whether the call created the account (`isNewUser` in `signInWithIdp`).
  public var isNewUser: Bool
}
