/// The kinds of email the backend sends.
public enum MailKind: String, CaseIterable, Sendable {
  /// The email-verification email.
  case verifyEmail = "verify_email"
  /// The password-reset email.
  case passwordReset = "password_reset"
}
