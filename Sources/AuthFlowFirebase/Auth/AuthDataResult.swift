import Foundation

/// What a sign-in, sign-up, re-authentication or link returns.
open class AuthDataResult: NSObject, @unchecked Sendable {
  /// The signed-in user (the same object as `Auth.currentUser`).
  public let user: User
  /// What the provider said about the user, and whether the account is new.
  public let additionalUserInfo: AdditionalUserInfo?
  /// The identity provider's credential, for an IdP sign-in.
  public let credential: OAuthCredential?

  init(user: User, additionalUserInfo: AdditionalUserInfo?, credential: OAuthCredential? = nil) {
    self.user = user
    self.additionalUserInfo = additionalUserInfo
    self.credential = credential
  }
}
