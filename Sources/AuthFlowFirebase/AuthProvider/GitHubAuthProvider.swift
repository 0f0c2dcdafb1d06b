import Foundation

/// Credentials from GitHub.
open class GitHubAuthProvider: NSObject {
  /// `github.com`.
  public static let id = "github.com"

  /// A credential from the OAuth access token GitHub returned.
  open class func credential(withToken token: String) -> AuthCredential {
    OAuthCredential(providerID: id, idToken: nil, accessToken: token)
  }

  @available(*, unavailable)
  override public init() { super.init() }
}
