import Foundation

/// The members with which FirebaseAuth verifies that a request comes from the app (silent APNs pushes,
/// reCAPTCHA, redirects back into the app). The world verifies no app and sends no push, and its sign-in pages
/// answer in place, so these keep what they are given and report that there is nothing to handle.
extension Auth {
  /// The APNs device token given with ``setAPNSToken(_:type:)``; nil until then.
  public var apnsToken: Data? { firebaseWorld.locked { storedAPNSToken } }

  /// Keeps the APNs device token. Phone verification works without it: the world sends no silent push.
  public func setAPNSToken(_ token: Data, type: AuthAPNSTokenType) {
    firebaseWorld.locked { storedAPNSToken = token }
  }

  /// Whether a remote notification is one of FirebaseAuth's app-verification pushes: never, as the world sends
  /// none, so the app handles every notification itself.
  public func canHandleNotification(_ userInfo: [AnyHashable: Any]) -> Bool { false }

  /// Whether a URL opened in the app is a FirebaseAuth redirect (reCAPTCHA, a provider's sign-in page): never, as
  /// the world's sign-in pages answer in place.
  public func canHandle(_ url: URL) -> Bool { false }

  /// Loads the project's reCAPTCHA Enterprise configuration. The world's project enforces no reCAPTCHA, so there
  /// is nothing to load and this succeeds, as production does for such a project.
  nonisolated(nonsending) public func initializeRecaptchaConfig() async throws {
    try await AsyncMember.run {}
  }

  /// Loads the project's reCAPTCHA Enterprise configuration; see ``initializeRecaptchaConfig()``. `completion`
  /// is called with nil, synchronously.
  public func initializeRecaptchaConfig(completion: ((Error?) -> Void)?) { completion?(nil) }
}
