import Foundation

/// Credentials from Facebook Login.
open class FacebookAuthProvider: NSObject {
  /// `facebook.com`.
  public static let id = "facebook.com"

  /// A credential from the access token Facebook Login returned.
  open class func credential(withAccessToken accessToken: String) -> AuthCredential {
    OAuthCredential(providerID: id, idToken: nil, accessToken: accessToken)
  }

  @available(*, unavailable)
  override public init() { super.init() }
}
