import AuthFlowLanguage

/// One device as an invariant sees it: its app (when running) and its auth client.
public struct DeviceView {
  let device: Device
  let world: World

  /// The device's name, as the scenario writes it.
  public var name: String { device.name }
  /// Whether the app runs (it does unless a `terminate` was not followed by a `launch`).
  public var isRunning: Bool { device.machine != nil }
  /// The app's auth state; nil while it is not running.
  public var state: AuthState? { device.machine?.state }
  /// The app's screen; nil while it is not running.
  public var screen: String? { device.machine?.screen }
  /// The error the app shows.
  public var error: AuthErrorCode? { device.machine?.error }
  /// The app's named values (built on each call).
  public var ui: [String: String] { device.machine?.ui ?? [:] }
  /// The user the auth client caches (possibly stale).
  public var user: CachedUser? { device.client.currentUser }
  /// Whether the auth client holds a user (``user`` is not nil), without copying it.
  public var hasUser: Bool { device.client.currentUID != nil }
  /// The credential the client keeps from a refused IdP sign-in, if any.
  public var pendingCredential: PendingCredential? { device.client.pendingCredential }

  /// What the backend thinks of the session the client holds.
  public var session: SessionStatus {
    guard let token = device.client.tokens?.idToken else { return .none }
    let backend = world.backend
    if let deleted = backend.deletedAccounts[token.uid] {
      if token.serial <= deleted.tokenSerial { return .accountDeleted }
      // The uid made again (a custom token for it creates a new account, as in production) is a new account,
      // and a session minted for it is that account's, not the deleted one's.
      if backend.account(uid: token.uid) == nil { return .mintedAfterDeletion }
    }
    guard let account = backend.account(uid: token.uid) else { return .accountDeleted }
    if account.disabled { return .accountDisabled }
    if token.generation < account.validSinceGeneration { return .revoked }
    return .live
  }
}
