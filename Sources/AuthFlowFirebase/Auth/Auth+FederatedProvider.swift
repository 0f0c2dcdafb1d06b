import AuthFlowLanguage
import Foundation

/// Signing in through a provider's sign-in page: the credential of an ``OAuthProvider``'s page (see
/// ``OAuthProvider/getCredentialWith(_:completion:)``), then the sign-in with it.
extension Auth {
  /// Signs in with the credential `provider`'s sign-in page gives. `uiDelegate` is not used.
  @discardableResult
  nonisolated(nonsending) public func signIn(
    with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?
  ) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try signInNow(with: try Auth.sheetCredential(of: provider)) }
  }

  /// Signs in with the credential `provider`'s sign-in page gives; `completion` is called when the SDK would (see
  /// `Completion`).
  public func signIn(
    with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?,
    completion: ((AuthDataResult?, Error?) -> Void)?
  ) {
    complete(completion) { [self] in try signInNow(with: try Auth.sheetCredential(of: provider)) }
  }

  /// The credential of a provider's sign-in page. Only ``OAuthProvider`` has a page in the world: another
  /// conformer fails with `operationNotAllowed`.
  static func sheetCredential(of provider: FederatedAuthProvider) throws -> AuthCredential {
    guard let provider = provider as? OAuthProvider else {
      throw AuthErrorUtils.unsupported("A sign-in page of a FederatedAuthProvider other than OAuthProvider")
    }
    return try provider.credentialFromSheet()
  }

  /// Revokes the current user's Sign in with Apple tokens with the authorization code Apple's sign-in gave the
  /// app, as Apple requires before an Apple user's account is deleted. The world issues no Apple codes, so any
  /// non-empty one is accepted for a user with Apple linked; an empty one, or a user without Apple, is
  /// `invalidCredential`. With no current user the SDK never calls back; this throws `nullUser` instead.
  nonisolated(nonsending) public func revokeToken(withAuthorizationCode authorizationCode: String)
    async throws
  {
    try await AsyncMember.run { [self] in try revokeTokenNow(authorizationCode) }
  }

  /// Revokes the current user's Apple tokens; see ``revokeToken(withAuthorizationCode:)``.
  public func revokeToken(
    withAuthorizationCode authorizationCode: String, completion: ((Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try revokeTokenNow(authorizationCode) }
  }

  private func revokeTokenNow(_ code: String) throws {
    guard currentUser != nil else { throw AuthErrorUtils.error(AuthErrorCode.nullUser) }
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in try client.revokeToken(authorizationCode: code)
    }
  }
}
