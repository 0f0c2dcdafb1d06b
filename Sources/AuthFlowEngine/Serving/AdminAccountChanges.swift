import AuthFlowLanguage

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
