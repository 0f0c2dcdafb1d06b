import AuthFlowLanguage

/// A federated credential the backend refused with `account-exists-with-different-credential`, kept so the app
/// can sign in with an existing method and then link it.
public struct PendingCredential: Equatable, Sendable {
  public var provider: ProviderID
  public var email: String
  let account: IdentityProviders.Account
}
