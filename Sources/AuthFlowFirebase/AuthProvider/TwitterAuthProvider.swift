import Foundation

/// Credentials from Twitter (OAuth 1: a token and a secret).
open class TwitterAuthProvider: NSObject {
  /// `twitter.com`.
  public static let id = "twitter.com"

  /// A credential from the token and secret Twitter returned.
  open class func credential(withToken token: String, secret: String) -> AuthCredential {
    OAuthCredential(providerID: id, idToken: nil, accessToken: token, secret: secret)
  }

  @available(*, unavailable)
  override public init() { super.init() }
}
