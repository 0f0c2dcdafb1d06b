import AuthFlowLanguage

/// An identity-provider account linked to an account, as `lookup` reports it (`providerUserInfo`).
public struct LinkedAccount: Equatable, Sendable {
  /// The identity provider.
  public var provider: ProviderID
  /// The IdP's own id for the account (`rawId`).
  public var subject: String
  /// The email the provider gave; nil when it gave none.
  public var email: String?

  /// An identity-provider account: `provider`'s account `subject`, with the email it gave.
  public init(provider: ProviderID, subject: String, email: String?) {
    self.provider = provider
    self.subject = subject
    self.email = email
  }
}
