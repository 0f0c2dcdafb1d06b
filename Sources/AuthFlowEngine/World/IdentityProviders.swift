import AuthFlowLanguage

/// The fake identity providers (Google, Apple, Twitter, Facebook, GitHub) and their accounts.
public final class IdentityProviders {
  /// An account at one identity provider, as its sign-in sheet returns it.
  public struct Account: Equatable, Sendable {
    /// The provider the account is at.
    public var provider: ProviderID
    /// The IdP's own stable id for the account.
    public var subject: String
    /// The account's email at the provider.
    public var email: String
    /// The account's name at the provider, if any.
    public var name: String?
    /// Whether the provider says the email is verified.
    public var emailVerified: Bool
  }

  private var accounts: [ProviderID: [Account]] = [:]

  func add(_ account: Account) {
    guard !accounts[account.provider, default: []].contains(where: { $0.email == account.email }) else {
      return
    }
    accounts[account.provider, default: []].append(account)
  }

  /// The provider's account with this email, or its first account when `email` is nil.
  public func account(_ provider: ProviderID, email: String?) -> Account? {
    let list = accounts[provider] ?? []
    guard let email else { return list.first }
    return list.first { $0.email == email.lowercased() }
  }

  /// The accounts at `provider`, in the order they were added.
  public func accounts(of provider: ProviderID) -> [Account] { accounts[provider] ?? [] }
}
