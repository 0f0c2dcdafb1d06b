import Foundation

/// Signing in through a provider's sign-in page: the credential of an ``OAuthProvider``'s page (see
/// ``OAuthProvider/getCredentialWith(_:completion:)``), then the sign-in with it.
extension Auth {
  /// Signs in with the credential `provider`'s sign-in page gives. `uiDelegate` is not used.
  @discardableResult
  public func signIn(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?) async throws
    -> AuthDataResult
  {
    try await signIn(with: try Auth.sheetCredential(of: provider))
  }

  /// Signs in with the credential `provider`'s sign-in page gives; `completion` is called synchronously.
  public func signIn(
    with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?,
    completion: ((AuthDataResult?, Error?) -> Void)?
  ) {
    do {
      signIn(with: try Auth.sheetCredential(of: provider), completion: completion)
    } catch {
      completion?(nil, error)
    }
  }

  /// The credential of a provider's sign-in page. Only ``OAuthProvider`` has a page in the world: another
  /// conformer fails with `operationNotAllowed`.
  static func sheetCredential(of provider: FederatedAuthProvider) throws -> AuthCredential {
    guard let provider = provider as? OAuthProvider else {
      throw AuthErrorUtils.unsupported("A sign-in page of a FederatedAuthProvider other than OAuthProvider")
    }
    return try provider.credentialFromSheet()
  }
}
