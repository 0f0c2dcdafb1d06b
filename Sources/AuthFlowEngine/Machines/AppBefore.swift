import AuthFlowLanguage

/// What a device's app showed just before a device action.
public struct AppBefore: Sendable {
  /// The app's auth state.
  public var state: AuthState
  /// The app's screen.
  public var screen: String
  /// The uid of the client's user, if signed in.
  public var uid: String?
  /// The app's `ui` values; captured only before actions that some invariant checks after (see
  /// ``Invariant/after``), empty otherwise.
  public var ui: [String: String]
}
