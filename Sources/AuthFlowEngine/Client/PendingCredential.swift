import AuthFlowLanguage

/// A federated credential the backend refused with `account-exists-with-different-credential`, kept so the app
/// can sign in with an existing method and then link it.
public struct PendingCredential: Equatable, Sendable {
  /// The identity provider that signed the user in.
  public var provider: ProviderID
  /// The email the provider gave, which an existing account already has.
  public var email: String
  let account: IdentityProviders.Account
}
