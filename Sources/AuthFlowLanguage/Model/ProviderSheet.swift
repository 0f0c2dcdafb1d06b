/// A tap on "Sign in with …" or "Link …": which IdP account the sheet offers and how the user answers it.
public struct ProviderSheet: Equatable, Sendable {
  /// The identity provider whose sheet opens.
  public var provider: ProviderID
  /// The IdP account's email; nil picks the provider's first account.
  public var account: String?
  /// How the user answers the sheet.
  public var outcome: SheetOutcome

  /// A sheet of `provider` offering `account` (its first when nil), answered with `outcome`.
  public init(provider: ProviderID, account: String? = nil, outcome: SheetOutcome = .success) {
    self.provider = provider
    self.account = account
    self.outcome = outcome
  }
}
