import AuthFlowLanguage

/// A session's tokens as the backend hands them to a client.
public struct SessionTokens: Equatable, Sendable {
  /// The short-lived token that proves who the user is.
  public var idToken: IDToken
  /// The token that mints new ID tokens until the session is revoked.
  public var refreshToken: String
}
