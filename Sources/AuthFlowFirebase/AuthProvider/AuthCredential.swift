import Foundation

/// A credential to sign in, re-authenticate or link with: an email and a password, an identity provider's
/// tokens, or a phone verification. Make one with a provider type (``EmailAuthProvider``, ``GoogleAuthProvider``,
/// ``PhoneAuthProvider``, …) or get one from ``IdentityProviderSheet``.
open class AuthCredential: NSObject, @unchecked Sendable {
  /// The provider's id: `password`, `google.com`, `apple.com`, `phone`, …
  public let provider: String

  /// What the credential holds, for the world to check.
  let content: Content

  /// What a credential holds.
  enum Content: Sendable {
    case password(email: String, password: String)
    case emailLink(email: String, link: String)
    /// An identity provider's tokens, as its SDK hands them out (ID token, access token, secret).
    case tokens([String])
    /// A phone verification's id and the SMS code typed for it.
    case phone(verificationID: String, code: String)
    /// A verified number and the temporary proof a `credential-already-in-use` answer carried.
    case phoneProof(number: String, proof: String)
  }

  init(provider: String, content: Content) {
    self.provider = provider
    self.content = content
  }
}
