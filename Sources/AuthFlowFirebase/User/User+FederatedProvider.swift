import Foundation

/// Linking and re-authenticating through a provider's sign-in page (see ``Auth/signIn(with:uiDelegate:)``).
extension User {
  /// Links the credential `provider`'s sign-in page gives, as a credential of its own would link.
  @discardableResult
  nonisolated(nonsending) public func link(with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?)
    async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try linkNow(with: try Auth.sheetCredential(of: provider)) }
  }

  /// Links the credential `provider`'s sign-in page gives; `completion` is called when the SDK would (see
  /// `Completion`).
  public func link(
    with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?,
    completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try linkNow(with: try Auth.sheetCredential(of: provider)) }
  }

  /// Re-authenticates with the credential `provider`'s sign-in page gives.
  @discardableResult
  nonisolated(nonsending) public func reauthenticate(
    with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?
  ) async throws
    -> AuthDataResult
  {
    try await AsyncMember.run { [self] in try reauthenticateNow(with: try Auth.sheetCredential(of: provider))
    }
  }

  /// Re-authenticates with the credential `provider`'s sign-in page gives; `completion` is called when the SDK
  /// would (see `Completion`).
  public func reauthenticate(
    with provider: FederatedAuthProvider, uiDelegate: AuthUIDelegate?,
    completion: ((AuthDataResult?, Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try reauthenticateNow(with: try Auth.sheetCredential(of: provider)) }
  }
}
