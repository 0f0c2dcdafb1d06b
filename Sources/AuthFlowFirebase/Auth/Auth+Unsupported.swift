import Foundation

/// FirebaseAuth members for features the world does not model yet (switching users, keychain groups). They exist so app code compiles; each fails with
/// `operationNotAllowed`, as production answers a sign-in method the project has not enabled.
extension Auth {
  /// Switching to a user object: not modelled, fails with `operationNotAllowed`.
  public func updateCurrentUser(_ user: User) async throws {
    throw AuthErrorUtils.unsupported("updateCurrentUser")
  }

  /// Switching to a user object: not modelled, fails with `operationNotAllowed`.
  public func updateCurrentUser(_ user: User?, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in throw AuthErrorUtils.unsupported("updateCurrentUser") }
  }

  /// Keychain access groups: not modelled, throws `operationNotAllowed`.
  public func useUserAccessGroup(_ accessGroup: String?) throws {
    throw AuthErrorUtils.unsupported("useUserAccessGroup")
  }

  /// Keychain access groups: not modelled, throws `operationNotAllowed`.
  public func getStoredUser(forAccessGroup accessGroup: String?) throws -> User? {
    throw AuthErrorUtils.unsupported("getStoredUser")
  }
}
