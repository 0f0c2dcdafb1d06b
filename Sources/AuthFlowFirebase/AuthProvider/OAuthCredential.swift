import Foundation

/// A credential from an OAuth identity provider: its ID token, access token and (OAuth 1) secret.
open class OAuthCredential: AuthCredential, @unchecked Sendable {
  /// The provider's ID token, if it issued one.
  public let idToken: String?
  /// The provider's access token, if it issued one.
  public let accessToken: String?
  /// The OAuth 1 secret (Twitter); nil for OAuth 2 providers.
  public let secret: String?
  /// The nonce Sign in with Apple was asked with.
  let rawNonce: String?
  /// The name Sign in with Apple reported on the first sign-in.
  let fullName: PersonNameComponents?

  init(
    providerID: String, idToken: String?, accessToken: String?, secret: String? = nil,
    rawNonce: String? = nil, fullName: PersonNameComponents? = nil
  ) {
    self.idToken = idToken
    self.accessToken = accessToken
    self.secret = secret
    self.rawNonce = rawNonce
    self.fullName = fullName
    super.init(
      provider: providerID, content: .tokens([idToken, accessToken, secret].compactMap { $0 }))
  }
}
