import Foundation

/// Credentials from Google Sign-In.
open class GoogleAuthProvider: NSObject {
  /// `google.com`.
  public static let id = "google.com"

  /// A credential from the ID token and access token Google Sign-In returned.
  open class func credential(withIDToken idToken: String, accessToken: String) -> AuthCredential {
    OAuthCredential(providerID: id, idToken: idToken, accessToken: accessToken)
  }

  @available(*, unavailable)
  override public init() { super.init() }
}
