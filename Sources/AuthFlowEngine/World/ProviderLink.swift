import AuthFlowLanguage

/// An identity-provider account linked to an authflow account.
struct ProviderLink: Equatable {
  var provider: ProviderID
  /// The IdP's own id for the account.
  var subject: String
  /// The email the provider gave; nil when it gave none.
  var email: String?
}
