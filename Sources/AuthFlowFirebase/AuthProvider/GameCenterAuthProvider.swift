import Foundation

/// Game Center sign-in. The world has no Game Center, so getting a credential fails with `operationNotAllowed`,
/// as production answers a sign-in method the project has not enabled; the type exists so app code compiles.
open class GameCenterAuthProvider: NSObject {
  /// `gc.apple.com`.
  public static let id = "gc.apple.com"

  /// The local player's credential: not modelled, calls `completion` with `operationNotAllowed`.
  open class func getCredential(completion: @escaping (AuthCredential?, Error?) -> Void) {
    completion(nil, AuthErrorUtils.unsupported("Game Center sign-in"))
  }

  /// The local player's credential: not modelled, throws `operationNotAllowed`.
  nonisolated(nonsending) open class func getCredential() async throws -> AuthCredential {
    try await AsyncMember.run { throw AuthErrorUtils.unsupported("Game Center sign-in") }
  }

  @available(*, unavailable)
  override public init() { super.init() }
}
