/// The world before the first step (`given:`).
public struct Given: Equatable, Sendable {
  public var now: VirtualTime
  public var accounts: [AccountSeed]
  /// Identity-provider accounts, per provider, in the order written.
  public var identityProviders: [ProviderID: [IdentityProviderAccountSeed]]
  /// Devices signed in at `now` with fresh tokens, in the order written.
  public var signedIn: [(device: String, email: String)]

  public init(
    now: VirtualTime = .defaultStart, accounts: [AccountSeed] = [],
    identityProviders: [ProviderID: [IdentityProviderAccountSeed]] = [:],
    signedIn: [(device: String, email: String)] = []
  ) {
    self.now = now
    self.accounts = accounts
    self.identityProviders = identityProviders
    self.signedIn = signedIn
  }

  public static func == (lhs: Given, rhs: Given) -> Bool {
    lhs.now == rhs.now && lhs.accounts == rhs.accounts && lhs.identityProviders == rhs.identityProviders
      && lhs.signedIn.map(\.device) == rhs.signedIn.map(\.device)
      && lhs.signedIn.map(\.email) == rhs.signedIn.map(\.email)
  }
}
