import AuthFlowLanguage

/// An identity-provider account linked to an account, as `lookup` reports it (`providerUserInfo`).
public struct LinkedAccount: Equatable, Sendable {
  /// The identity provider.
  public var provider: ProviderID
  /// The IdP's own id for the account (`rawId`).
  public var subject: String
  /// The email the provider gave.
  public var email: String
}
