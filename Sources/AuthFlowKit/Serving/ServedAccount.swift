/// An account as `authflow serve` reports it over HTTP: `lookup`, the Admin SDK's `UserRecord`.
public struct ServedAccount: Equatable, Sendable {
  public var uid: String
  public var email: String?
  public var emailVerified: Bool
  public var displayName: String?
  public var disabled: Bool
  /// Whether the account has a password (production returns a hash; the server says only that one exists).
  public var hasPassword: Bool
  /// Linked identity-provider accounts, in the order they were linked.
  public var links: [Link]
  public var createdAt: VirtualTime

  /// One linked identity-provider account.
  public struct Link: Equatable, Sendable {
    public var provider: ProviderID
    /// The IdP's own id for the account (`rawId` in Identity Toolkit).
    public var subject: String
    public var email: String
  }

  /// Sign-in methods as `createAuthUri` would list them.
  public var providers: [ProviderID] {
    ((hasPassword ? [.password] : []) + links.map(\.provider)).sorted()
  }

  init(_ account: Account) {
    uid = account.uid
    email = account.email
    emailVerified = account.emailVerified
    displayName = account.displayName
    disabled = account.disabled
    hasPassword = account.password != nil
    links = account.links.map { Link(provider: $0.provider, subject: $0.subject, email: $0.email) }
    createdAt = account.createdAt
  }
}

/// A session the server hands out: the account as it is after the call, and its tokens.
public struct ServedSession: Equatable, Sendable {
  public var account: ServedAccount
  public var tokens: SessionTokens
  /// Whether the call created the account (`isNewUser` in `signInWithIdp`).
  public var isNewUser: Bool
}

/// What the Admin SDK sets on an account (`createUser`, `updateUser`); nil leaves a field as it is.
public struct AdminAccountChanges: Equatable, Sendable {
  public var uid: String?
  public var email: String?
  public var password: String?
  public var emailVerified: Bool?
  /// `.some(nil)` removes the display name.
  public var displayName: String??
  public var disabled: Bool?
  /// Revoke every session (`validSince` set to now, as `revokeRefreshTokens` does).
  public var revokeSessions = false
  /// Provider ids to unlink.
  public var unlink: [ProviderID] = []

  public init(
    uid: String? = nil, email: String? = nil, password: String? = nil, emailVerified: Bool? = nil,
    displayName: String?? = nil, disabled: Bool? = nil, revokeSessions: Bool = false,
    unlink: [ProviderID] = []
  ) {
    self.uid = uid
    self.email = email
    self.password = password
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.disabled = disabled
    self.revokeSessions = revokeSessions
    self.unlink = unlink
  }
}
