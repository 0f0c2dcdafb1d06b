import Foundation

/// Credentials for email-and-password accounts.
open class EmailAuthProvider: NSObject {
  /// `password`.
  public static let id = "password"

  /// A credential for an email and a password.
  open class func credential(withEmail email: String, password: String) -> AuthCredential {
    AuthCredential(provider: id, content: .password(email: email, password: password))
  }

  /// A credential for an email sign-in link (`sendSignInLink`): signs in with `signIn(with:)`, links the address
  /// with `link(with:)`, proves the user again with `reauthenticate(with:)`.
  open class func credential(withEmail email: String, link: String) -> AuthCredential {
    AuthCredential(provider: id, content: .emailLink(email: email, link: link))
  }
}
