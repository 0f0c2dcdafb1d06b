import AuthFlowLanguage

/// What the Admin SDK sets on an account (`createUser`, `updateUser`); nil leaves a field as it is.
public struct AdminAccountChanges: Equatable, Sendable {
  /// The uid to create the account with (`createUser` only); nil lets the backend pick one.
  public var uid: String?
  /// A new email; nil leaves it.
  public var email: String?
  /// A new password; nil leaves it.
  public var password: String?
  /// A new `emailVerified`; nil leaves it.
  public var emailVerified: Bool?
  /// `.some(nil)` removes the display name.
  public var displayName: String??
  /// Disables or enables the account; nil leaves it.
  public var disabled: Bool?
  /// Revoke every session (`validSince` set to now, as `revokeRefreshTokens` does).
  public var revokeSessions = false
  /// Provider ids to unlink.
  public var unlink: [ProviderID] = []
  /// New custom claims (`customAttributes`, `setCustomUserClaims`), replacing the old; nil leaves them.
  public var claims: [String: ClaimValue]?
  /// A new phone number (E.164, no other account's); `.some(nil)` removes it; nil leaves it.
  public var phoneNumber: String??
  /// A new photo URL; `.some(nil)` removes it (`deleteAttribute: ["PHOTO_URL"]`); nil leaves it.
  public var photoURL: String??
  /// An identity-provider account to link as described (`linkProviderUserInfo`, the Admin SDK's
  /// `providerToLink`); nil links nothing.
  public var link: LinkedAccount?

  /// Changes that set what is not nil and leave the rest.
  public init(
    uid: String? = nil, email: String? = nil, password: String? = nil, emailVerified: Bool? = nil,
    displayName: String?? = nil, disabled: Bool? = nil, revokeSessions: Bool = false,
    unlink: [ProviderID] = [], claims: [String: ClaimValue]? = nil, phoneNumber: String?? = nil,
    photoURL: String?? = nil, link: LinkedAccount? = nil
  ) {
    self.uid = uid
    self.email = email
    self.password = password
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.disabled = disabled
    self.revokeSessions = revokeSessions
    self.unlink = unlink
    self.claims = claims
    self.phoneNumber = phoneNumber
    self.photoURL = photoURL
    self.link = link
  }
}
