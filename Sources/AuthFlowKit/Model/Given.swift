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

/// An account that exists before the scenario starts.
public struct AccountSeed: Equatable, Sendable {
  public var email: String
  public var password: String?
  public var emailVerified: Bool
  public var displayName: String?
  /// Federated providers linked besides the password.
  public var providers: [ProviderID]
  public var disabled: Bool

  public init(
    email: String, password: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
    providers: [ProviderID] = [], disabled: Bool = false
  ) {
    self.email = email
    self.password = password
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.providers = providers
    self.disabled = disabled
  }
}

/// An account at a fake identity provider.
public struct IdentityProviderAccountSeed: Equatable, Sendable {
  public var email: String
  public var name: String?
  /// nil takes the provider's default (SPEC 5.4).
  public var emailVerified: Bool?

  public init(email: String, name: String? = nil, emailVerified: Bool? = nil) {
    self.email = email
    self.name = name
    self.emailVerified = emailVerified
  }
}
