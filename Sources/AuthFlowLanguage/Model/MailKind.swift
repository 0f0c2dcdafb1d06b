/// The kinds of email the backend sends.
public enum MailKind: String, CaseIterable, Sendable {
  case verifyEmail = "verify_email"
  case passwordReset = "password_reset"
}
