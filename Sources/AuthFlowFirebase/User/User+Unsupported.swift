import Foundation

/// User members for features the world does not model yet (email change). They exist so app code compiles;
/// each fails with `operationNotAllowed`, which is also what production answers `updateEmail` with while email
/// enumeration protection is on.
extension User {
  /// Changing the email directly: not modelled, fails with `operationNotAllowed`.
  @available(
    *, deprecated,
    message: "`updateEmail` is deprecated; use sendEmailVerification(beforeUpdatingEmail:) instead."
  )
  public func updateEmail(to email: String) async throws { throw AuthErrorUtils.unsupported("updateEmail") }

  /// Changing the email directly: not modelled, fails with `operationNotAllowed`.
  @available(
    *, deprecated,
    message: "`updateEmail` is deprecated; use sendEmailVerification(beforeUpdatingEmail:) instead."
  )
  public func updateEmail(to email: String, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { throw AuthErrorUtils.unsupported("updateEmail") }
  }

  /// Verifying a new email before changing to it: not modelled, fails with `operationNotAllowed`.
  public func sendEmailVerification(
    beforeUpdatingEmail newEmail: String, actionCodeSettings: ActionCodeSettings? = nil
  ) async throws {
    throw AuthErrorUtils.unsupported("sendEmailVerification(beforeUpdatingEmail:)")
  }

  /// Verifying a new email before changing to it: not modelled, fails with `operationNotAllowed`.
  public func sendEmailVerification(
    beforeUpdatingEmail email: String, actionCodeSettings: ActionCodeSettings? = nil,
    completion: ((Error?) -> Void)? = nil
  ) {
    complete(completion) { throw AuthErrorUtils.unsupported("sendEmailVerification(beforeUpdatingEmail:)") }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Verifying a new email before changing to it, the Objective-C bridge's spelling: not modelled, fails with
  /// `operationNotAllowed`.
  public func __sendEmailVerificationBeforeUpdating(email: String, completion: ((Error?) -> Void)?) {
    sendEmailVerification(beforeUpdatingEmail: email, completion: completion)
  }
}
