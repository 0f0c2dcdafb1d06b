/// The world before the first step (`given:`).
public struct Given: Equatable, Sendable {
  /// The virtual time the scenario starts at (`given.now`).
  public var now: VirtualTime
  /// Accounts on the backend before the first step.
  public var accounts: [AccountSeed]
  /// Identity-provider accounts, per provider, in the order written.
  public var identityProviders: [ProviderID: [IdentityProviderAccountSeed]]
  /// Devices signed in at `now` with fresh tokens, in the order written, each with its account's name.
  public var signedIn: [(device: String, account: AccountName)]

  /// A world at `now` with these accounts, IdP accounts and signed-in devices.
  public init(
    now: VirtualTime = .defaultStart, accounts: [AccountSeed] = [],
    identityProviders: [ProviderID: [IdentityProviderAccountSeed]] = [:],
    signedIn: [(device: String, account: AccountName)] = []
  ) {
    self.now = now
    self.accounts = accounts
    self.identityProviders = identityProviders
    self.signedIn = signedIn
  }

  /// Compares every part, `signedIn` pair by pair.
  public static func == (lhs: Given, rhs: Given) -> Bool {
    lhs.now == rhs.now && lhs.accounts == rhs.accounts && lhs.identityProviders == rhs.identityProviders
      && lhs.signedIn.map(\.device) == rhs.signedIn.map(\.device)
      && lhs.signedIn.map(\.account) == rhs.signedIn.map(\.account)
  }
}
