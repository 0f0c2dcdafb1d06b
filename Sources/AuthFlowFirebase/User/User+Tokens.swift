import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension User {
  // MARK: - ID tokens

  /// The user's ID token, refreshed first when it expires within 5 minutes.
  public func getIDToken(completion: ((String?, Error?) -> Void)?) {
    complete(completion) { [self] in try idTokenNow(forcingRefresh: false).value }
  }

  /// The user's ID token, refreshed first when asked or when it expires within 5 minutes.
  public func getIDTokenForcingRefresh(_ forceRefresh: Bool, completion: ((String?, Error?) -> Void)?) {
    complete(completion) { [self] in try idTokenNow(forcingRefresh: forceRefresh).value }
  }

  /// The user's ID token, refreshed first when asked or when it expires within 5 minutes.
  nonisolated(nonsending) public func getIDToken(forcingRefresh forceRefresh: Bool = false) async throws
    -> String
  {
    try await AsyncMember.run { [self] in try idTokenNow(forcingRefresh: forceRefresh).value }
  }

  /// The user's ID token; see ``getIDToken(forcingRefresh:)``.
  nonisolated(nonsending) public func idTokenForcingRefresh(_ forceRefresh: Bool) async throws -> String {
    try await AsyncMember.run { [self] in try idTokenNow(forcingRefresh: forceRefresh).value }
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

  private func idTokenNow(forcingRefresh: Bool) throws -> IDToken {
    try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
      try client.idToken(forcingRefresh: forcingRefresh)
    }
  }

  private func tokenResultNow(forcingRefresh: Bool) throws -> AuthTokenResult {
    let token = try idTokenNow(forcingRefresh: forcingRefresh)
    guard let auth else { throw AuthErrorUtils.error(.nullUser) }
    return auth.firebaseWorld.locked {
      let providers = auth.client.currentUser?.providers ?? []
      let provider =
        token.signInProvider?.rawValue
        ?? (providers.contains(.password) ? "password" : providers.first?.rawValue ?? "custom")
      return AuthTokenResult(
        token: token.value, expirationDate: Date(token.expiresAt), authDate: Date(token.authTime),
        issuedAtDate: Date(token.issuedAt), signInProvider: provider,
        signInSecondFactor: token.secondFactor?.kind.rawValue ?? "",
        claims: claims(of: token, signInProvider: provider, projectID: auth.firebaseWorld.projectID))
    }
  }

  /// The claims of a Firebase ID token for this user, as the account was when the token was minted (a token
  /// from before the email was verified says it is not, as production's JWT does, until a new one is minted):
  /// the payload `serve` encodes too (``IDToken/payload(projectID:signInProvider:tenant:)``).
  private func claims(of token: IDToken, signInProvider: String, projectID: String) -> [String: Any] {
    token.payload(projectID: projectID, signInProvider: signInProvider, tenant: tenantID)
      .mapValues(\.foundationValue)
  }
}
