import AuthFlowLanguage

/// The fake identity providers (Google, Apple, Twitter, Facebook, GitHub) and their accounts.
public final class IdentityProviders {
  /// An account at one identity provider, as its sign-in sheet returns it.
  public struct Account: Equatable, Sendable {
    /// The provider the account is at.
    public var provider: ProviderID
    /// The IdP's own stable id for the account.
    public var subject: String
    /// The account's email at the provider; nil when the provider shares none (a GitHub account with a private
    /// email, an Apple account whose user declined to share it): such an account is found by its subject only.
    public var email: String?
    /// The account's name at the provider, if any.
    public var name: String?
    /// Whether the provider says the email is verified.
    public var emailVerified: Bool
    /// The account's profile photo at the provider (`picture`), if any: an account without a photo takes it.
    public var photoURL: String? = nil
    /// The account's user name at the provider (`screen_name`), if any.
    public var screenName: String? = nil

    /// How logs name the account: its email, or its subject when it has none.
    var label: String { email ?? "\(provider.rawValue) account \(subject)" }
  }

  private var accounts: [ProviderID: [Account]] = [:]

  /// Adds an account unless the provider has one with its email (or, for an account without one, its subject).
  func add(_ account: Account) {
    let known = accounts[account.provider, default: []].contains {
      account.email == nil ? $0.subject == account.subject : $0.email == account.email
    }
    guard !known else { return }
    accounts[account.provider, default: []].append(account)
  }

  /// The provider's account with this email, or its first account when `email` is nil.
  public func account(_ provider: ProviderID, email: String?) -> Account? {
    let list = accounts[provider] ?? []
    guard let email else { return list.first }
    return list.first { $0.email == email.lowercased() }
  }

  /// The provider's account with this subject, if any.
  public func account(_ provider: ProviderID, subject: String) -> Account? {
    accounts[provider]?.first { $0.subject == subject }
  }

  /// The accounts at `provider`, in the order they were added.
  public func accounts(of provider: ProviderID) -> [Account] { accounts[provider] ?? [] }
}
