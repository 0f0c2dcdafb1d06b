import Foundation

/// A provider that can get a credential through a web flow: ``OAuthProvider``, whose sign-in page here is an
/// ``IdentityProviderSheet``.
public protocol FederatedAuthProvider: NSObjectProtocol {
  /// Presents the provider's sign-in page and returns its credential. FirebaseAuth declares this on iOS only and
  /// without an actor; here it runs on its caller's actor (`nonisolated(nonsending)`), so code on the main actor
  /// and code on none may both call it on any provider and pass a delegate that is not `Sendable`.
  nonisolated(nonsending) func credential(with uiDelegate: AuthUIDelegate?) async throws -> AuthCredential
}
