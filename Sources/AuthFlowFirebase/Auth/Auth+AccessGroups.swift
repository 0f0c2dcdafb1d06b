import Foundation

/// Switching users and keychain access groups.
///
/// A device of the world keeps its session as the SDK keeps it in the keychain, and the apps of a device (an app
/// and its extensions, which an access group lets share it) share that one session: every access group names the
/// same stored user, the device's. So naming a group at launch (`useUserAccessGroup`) changes no session, and the
/// stored user of any group is the current one. Switching to a user object works for the current user's only.
extension Auth {
  /// Makes `user` the current user: here only the user signed in on this device (or an object of an earlier
  /// sign-in of that account here), which changes nothing (the SDK saves it again). Any other user object fails
  /// with `operationNotAllowed` (not modelled).
  nonisolated(nonsending) public func updateCurrentUser(_ user: User) async throws {
    try await AsyncMember.run { [self] in try updateCurrentUserNow(user) }
  }

  /// Makes `user` the current user; see ``updateCurrentUser(_:)``. A nil user is `nullUser`, as in the SDK.
  public func updateCurrentUser(_ user: User?, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in
      guard let user else { throw AuthErrorUtils.error(.nullUser) }
      try updateCurrentUserNow(user)
    }
  }

  private func updateCurrentUserNow(_ user: User) throws {
    // This device's user, or an object of an earlier sign-in of the same account here (which acts for the
    // session, as ``User`` says).
    guard user === currentUser || (user.auth === self && user.accountUID == currentUser?.accountUID) else {
      throw AuthErrorUtils.unsupported("updateCurrentUser with another user")
    }
  }

  /// Names the keychain access group the session is kept in. The device's apps share one session whatever the
  /// group, so the current user stays.
  public func useUserAccessGroup(_ accessGroup: String?) throws {
    firebaseWorld.locked { userAccessGroup = accessGroup }
  }

  /// The user stored in `accessGroup`: the device's current user, whatever the group.
  public func getStoredUser(forAccessGroup accessGroup: String?) throws -> User? { currentUser }
}
