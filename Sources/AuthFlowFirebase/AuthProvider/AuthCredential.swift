import Foundation

/// A credential to sign in, re-authenticate or link with: an email and a password, or an identity provider's
/// tokens. Make one with a provider type (``EmailAuthProvider``, ``GoogleAuthProvider``, …) or get one from
/// ``IdentityProviderSheet``.
open class AuthCredential: NSObject, @unchecked Sendable {
  /// The provider's id: `password`, `google.com`, `apple.com`, …
  public let provider: String

  /// What the credential holds, for the world to check.
  let content: Content

  /// What a credential holds.
  enum Content: Sendable {
    case password(email: String, password: String)
    case emailLink(email: String, link: String)
    /// An identity provider's tokens, as its SDK hands them out (ID token, access token, secret).
    case tokens([String])
  }

  init(provider: String, content: Content) {
    self.provider = provider
    self.content = content
  }
}
