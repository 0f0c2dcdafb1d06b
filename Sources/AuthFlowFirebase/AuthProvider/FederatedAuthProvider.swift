import Foundation

/// A provider that can get a credential through a web flow: ``OAuthProvider``, whose sign-in page here is an
/// ``IdentityProviderSheet``.
public protocol FederatedAuthProvider: NSObjectProtocol {
  /// Presents the provider's sign-in page and returns its credential. FirebaseAuth declares this on iOS only and
  /// without an actor; it runs on the main actor here, as ``OAuthProvider``'s does in the SDK, so that callers
  /// may pass a delegate that is not `Sendable` from the main actor.
  @MainActor
  func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential
}
