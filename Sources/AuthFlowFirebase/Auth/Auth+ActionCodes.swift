import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Auth {
  // MARK: - Action codes, handled in the app

  /// What a code is for and the email it was sent to; consumes nothing.
  nonisolated(nonsending) public func checkActionCode(_ code: String) async throws -> ActionCodeInfo {
    try await AsyncMember.run { [self] in try checkActionCodeNow(code) }
  }

  /// What a code is for; see ``checkActionCode(_:)``.
  public func checkActionCode(_ code: String, completion: @escaping (ActionCodeInfo?, Error?) -> Void) {
    complete(completion) { [self] in try checkActionCodeNow(code) }
  }

  private func checkActionCodeNow(_ code: String) throws -> ActionCodeInfo {
    let (kind, email, newEmail) = try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      try client.checkActionCode(code)
    }
    // Production hides the email of a sign-in link's code, and the SDK stops the app when the answer has none.
    guard kind != .signInLink else {
      throw AuthErrorUtils.error(.internalError, message: Self.signInLinkCodeMessage)
    }
    return ActionCodeInfo(
      operation: ActionCodeURL.operation(mode: kind.mode), email: email, newEmail: newEmail)
  }

  static let signInLinkCodeMessage =
    "checkActionCode (and verifyPasswordResetCode, which calls it) of an email sign-in link's code: production "
    + "answers without the email, and FirebaseAuth stops the app there (fatalError \"Failed to get a "
    + "ResetPasswordResponse\"); complete the sign-in with signIn(withEmail:link:) instead"

  /// Applies an email-verification code (the account's email becomes verified), an email-change code (the
  /// account gets the new email and every session is revoked) or a recover code (the change is reverted). The
  /// signed-in user's cached profile changes only with `reload()`, as in the SDK.
  nonisolated(nonsending) public func applyActionCode(_ code: String) async throws {
    try await AsyncMember.run { [self] in try applyActionCodeNow(code) }
  }

  /// Applies an email-verification code; see ``applyActionCode(_:)``.
  public func applyActionCode(_ code: String, completion: @escaping (Error?) -> Void) {
    complete(completion) { [self] in try applyActionCodeNow(code) }
  }

  private func applyActionCodeNow(_ code: String) throws {
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in try client.applyActionCode(code) }
  }

  /// The email a password-reset code was sent to; consumes nothing. As in the SDK, which asks
  /// `checkActionCode`, a valid code of another kind answers with its ``ActionCodeInfo/email`` too.
  nonisolated(nonsending) public func verifyPasswordResetCode(_ code: String) async throws -> String {
    try await AsyncMember.run { [self] in try verifyPasswordResetCodeNow(code) }
  }

  /// The email a password-reset code was sent to; see ``verifyPasswordResetCode(_:)``.
  public func verifyPasswordResetCode(_ code: String, completion: @escaping (String?, Error?) -> Void) {
    complete(completion) { [self] in try verifyPasswordResetCodeNow(code) }
  }

  private func verifyPasswordResetCodeNow(_ code: String) throws -> String {
    // The SDK's is `checkActionCode`'s email, whatever the code is for.
    try checkActionCodeNow(code).email
  }

  /// Sets a new password with a password-reset code; every session of the account is revoked.
  nonisolated(nonsending) public func confirmPasswordReset(withCode code: String, newPassword: String)
    async throws
  {
    try await AsyncMember.run { [self] in try confirmPasswordResetNow(code, newPassword) }
  }

  /// Sets a new password with a password-reset code; see ``confirmPasswordReset(withCode:newPassword:)``.
  public func confirmPasswordReset(
    withCode code: String, newPassword: String, completion: @escaping (Error?) -> Void
  ) {
    complete(completion) { [self] in try confirmPasswordResetNow(code, newPassword) }
  }

  private func confirmPasswordResetNow(_ code: String, _ newPassword: String) throws {
    try perform { () throws(AuthFlowLanguage.AuthErrorCode) in
      try client.confirmPasswordReset(code, newPassword: newPassword)
    }
  }
}
