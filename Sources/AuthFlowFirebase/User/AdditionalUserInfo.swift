import Foundation

/// What the provider reported at a sign-in, and whether it created the account.
open class AdditionalUserInfo: NSObject, @unchecked Sendable {
  /// The provider's id (`password`, `google.com`, …).
  public let providerID: String
  /// The IdP's profile, as the service's `rawUserInfo` has it: Google's userinfo answer (`id`, `email`,
  /// `verified_email`, `name`, `given_name`, `family_name`, `picture`, `locale`, `granted_scopes`), another
  /// provider's claims (`sub`, `email`, `email_verified`, `name`, `picture`); nil for a password sign-in.
  public let profile: [String: Any]?
  /// The IdP's user name (a GitHub login, a Twitter handle), when its account has one.
  public let username: String?
  /// Whether this sign-in created the account.
  public let isNewUser: Bool

  /// ``isNewUser``, as the Objective-C API spells it.
  open func newUser() -> Bool { isNewUser }

  init(providerID: String, profile: [String: Any]?, username: String?, isNewUser: Bool) {
    self.providerID = providerID
    self.profile = profile
    self.username = username
    self.isNewUser = isNewUser
  }
}
