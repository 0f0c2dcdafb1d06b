import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension User {
  // MARK: - ID tokens

  /// The user's ID token, refreshed first when it expires within 5 minutes.
  public func getIDToken(completion: ((String?, Error?) -> Void)?) {
    complete(completion) { [self] in try idTokenNow(forcingRefresh: false) }
  }

  /// The user's ID token, refreshed first when asked or when it expires within 5 minutes.
  public func getIDTokenForcingRefresh(_ forceRefresh: Bool, completion: ((String?, Error?) -> Void)?) {
    complete(completion) { [self] in try idTokenNow(forcingRefresh: forceRefresh) }
  }

  /// The user's ID token, refreshed first when asked or when it expires within 5 minutes.
  nonisolated(nonsending) public func getIDToken(forcingRefresh forceRefresh: Bool = false) async throws
    -> String
  {
    try await AsyncMember.run { [self] in try idTokenNow(forcingRefresh: forceRefresh) }
  }

  /// The user's ID token; see ``getIDToken(forcingRefresh:)``.
  nonisolated(nonsending) public func idTokenForcingRefresh(_ forceRefresh: Bool) async throws -> String {
    try await AsyncMember.run { [self] in try idTokenNow(forcingRefresh: forceRefresh) }
  }

  /// The user's ID token with its dates, sign-in provider and claims.
  public func getIDTokenResult(completion: ((AuthTokenResult?, Error?) -> Void)?) {
    complete(completion) { [self] in try tokenResultNow(forcingRefresh: false) }
  }

  /// The user's ID token with its dates, sign-in provider and claims, refreshed first when asked.
  public func getIDTokenResult(forcingRefresh: Bool, completion: ((AuthTokenResult?, Error?) -> Void)?) {
    complete(completion) { [self] in try tokenResultNow(forcingRefresh: forcingRefresh) }
  }

  /// The user's ID token with its dates, sign-in provider and claims, refreshed first when asked.
  nonisolated(nonsending) public func getIDTokenResult(forcingRefresh forceRefresh: Bool = false) async throws
    -> AuthTokenResult
  {
    try await AsyncMember.run { [self] in try tokenResultNow(forcingRefresh: forceRefresh) }
  }

  /// The ID token as the app gets it: an unsigned JWT, as the Auth emulator issues them (``UnsignedJWT``),
  /// whose payload is ``AuthTokenResult/claims``.
  private func idTokenNow(forcingRefresh: Bool) throws -> String {
    UnsignedJWT.encode(claims: try issuedToken(forcingRefresh: forcingRefresh).claims)
  }

  private func tokenResultNow(forcingRefresh: Bool) throws -> AuthTokenResult {
    let issued = try issuedToken(forcingRefresh: forcingRefresh)
    let token = issued.token
    return AuthTokenResult(
      token: UnsignedJWT.encode(claims: issued.claims), expirationDate: Date(token.expiresAt),
      authDate: Date(token.authTime), issuedAtDate: Date(token.issuedAt),
      signInProvider: issued.signInProvider,
      signInSecondFactor: token.secondFactor?.kind.rawValue ?? "",
      claims: issued.claims.mapValues(\.foundationValue))
  }

  /// The session's ID token, refreshed first when asked or due, with how the session signed in and the claims
  /// of the JWT production issues for it, as the account was when the token was minted (a token from before
  /// the email was verified says it is not, until a new one is minted): the payload `serve` encodes too
  /// (``IDToken/payload(projectID:signInProvider:tenant:)``).
  private func issuedToken(forcingRefresh: Bool) throws -> (
    token: IDToken, signInProvider: String, claims: [String: ClaimValue]
  ) {
    let token = try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      try client.idToken(forcingRefresh: forcingRefresh)
    }
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    return auth.firebaseWorld.locked {
      let providers = auth.client.currentUser?.providers ?? []
      let provider =
        token.signInProvider?.rawValue
        ?? (providers.contains(.password) ? "password" : providers.first?.rawValue ?? "custom")
      let claims = token.payload(
        projectID: auth.firebaseWorld.projectID, signInProvider: provider, tenant: tenantID)
      return (token, provider, claims)
    }
  }
}
