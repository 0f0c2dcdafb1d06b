import Foundation

/// A credential from an OAuth identity provider: its ID token, access token and (OAuth 1) secret.
open class OAuthCredential: AuthCredential, NSSecureCoding, @unchecked Sendable {
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

  // MARK: - Secure coding

  /// `true`: the credential archives with `NSSecureCoding`, as the SDK's does (an app may keep the pending
  /// credential of an `accountExistsWithDifferentCredential` error until the user has signed in).
  public static var supportsSecureCoding: Bool { true }

  /// Archives the provider id, the tokens, the nonce and the parts of the name.
  public func encode(with coder: NSCoder) {
    coder.encode(provider, forKey: "providerID")
    coder.encode(idToken, forKey: "idToken")
    coder.encode(accessToken, forKey: "accessToken")
    coder.encode(secret, forKey: "secret")
    coder.encode(rawNonce, forKey: "rawNonce")
    coder.encode(fullName?.givenName, forKey: "givenName")
    coder.encode(fullName?.familyName, forKey: "familyName")
  }

  /// Unarchives a credential ``encode(with:)`` archived; nil when the archive has no provider id.
  public required convenience init?(coder: NSCoder) {
    func string(_ key: String) -> String? { coder.decodeObject(of: NSString.self, forKey: key) as String? }
    guard let providerID = string("providerID") else { return nil }
    var fullName: PersonNameComponents?
    if string("givenName") != nil || string("familyName") != nil {
      var name = PersonNameComponents()
      name.givenName = string("givenName")
      name.familyName = string("familyName")
      fullName = name
    }
    self.init(
      providerID: providerID, idToken: string("idToken"), accessToken: string("accessToken"),
      secret: string("secret"), rawNonce: string("rawNonce"), fullName: fullName)
  }
}
