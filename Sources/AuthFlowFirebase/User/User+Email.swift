import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Changing the user's email: verified first, as production requires under email enumeration protection, or
/// directly with the deprecated `updateEmail`.
extension User {
  /// Emails a link to `newEmail`; the account's email changes to it when the link is opened, and then every
  /// session of the account is revoked (this device's too: its next token refresh fails with
  /// `userTokenExpired`). Needs a sign-in at most 5 minutes old (`requiresRecentLogin`). An address another
  /// account has is `emailAlreadyInUse`, or, under enumeration protection, a success that sends nothing.
  nonisolated(nonsending) public func sendEmailVerification(
    beforeUpdatingEmail newEmail: String, actionCodeSettings: ActionCodeSettings? = nil
  ) async throws {
    try await AsyncMember.run { [self] in try sendEmailChangeNow(newEmail, actionCodeSettings) }
  }

  /// Emails a link to the new address; see ``sendEmailVerification(beforeUpdatingEmail:actionCodeSettings:)``.
  public func sendEmailVerification(
    beforeUpdatingEmail email: String, actionCodeSettings: ActionCodeSettings? = nil,
    completion: ((Error?) -> Void)? = nil
  ) {
    complete(completion) { [self] in try sendEmailChangeNow(email, actionCodeSettings) }
  }

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// Emails a link to the new address, the Objective-C bridge's spelling; see
  /// ``sendEmailVerification(beforeUpdatingEmail:actionCodeSettings:)``.
  public func __sendEmailVerificationBeforeUpdating(email: String, completion: ((Error?) -> Void)?) {
    sendEmailVerification(beforeUpdatingEmail: email, completion: completion)
  }

  private func sendEmailChangeNow(_ newEmail: String, _ settings: ActionCodeSettings?) throws {
    try leading(to: settings) {
      try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        try client.sendEmailChange(to: newEmail)
      }
    }
  }

  /// Changes the email at once. Production refuses it under email enumeration protection (on by default):
  /// `operationNotAllowed`. Without it: a recent login, an address no other account has; the new email is
  /// unverified, the old address gets a link that reverts the change, and the user's other sessions are revoked.
  @available(
    *, deprecated,
    message: "`updateEmail` is deprecated; use sendEmailVerification(beforeUpdatingEmail:) instead."
  )
  nonisolated(nonsending) public func updateEmail(to email: String) async throws {
    try await AsyncMember.run { [self] in try updateEmailNow(email) }
  }

  /// Changes the email at once; see ``updateEmail(to:)``.
  @available(
    *, deprecated,
    message: "`updateEmail` is deprecated; use sendEmailVerification(beforeUpdatingEmail:) instead."
  )
  public func updateEmail(to email: String, completion: ((Error?) -> Void)? = nil) {
    complete(completion) { [self] in try updateEmailNow(email) }
  }

  private func updateEmailNow(_ email: String) throws {
    do {
      try perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in _ = try client.updateEmail(to: email) }
    } catch let error as NSError where error.code == AuthErrorCode.operationNotAllowed.rawValue {
      // Under enumeration protection the service says why, and the SDK makes that the description.
      throw AuthErrorUtils.error(
        .operationNotAllowed, message: "Please verify the new email before changing email.")
    }
  }
}
