import AuthFlowLanguage

/// The operations production guards with the recent-login rule.
public enum SensitiveOperation: String, Sendable {
  /// Deleting the account.
  case delete
  /// Changing the password.
  case changePassword = "change password"
  /// Changing the email (`verifyBeforeUpdateEmail` or `updateEmail`).
  case changeEmail = "change email"
  /// Changing the phone number (`updatePhoneNumber`).
  case changePhone = "change phone"
}
