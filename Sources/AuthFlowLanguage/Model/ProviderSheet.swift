/// A tap on "Sign in with …" or "Link …": which IdP account the sheet offers and how the user answers it.
public struct ProviderSheet: Equatable, Sendable {
  public var provider: ProviderID
  /// The IdP account's email; nil picks the provider's first account.
  public var account: String?
  public var outcome: SheetOutcome

  public init(provider: ProviderID, account: String? = nil, outcome: SheetOutcome = .success) {
    self.provider = provider
    self.account = account
    self.outcome = outcome
  }
}
