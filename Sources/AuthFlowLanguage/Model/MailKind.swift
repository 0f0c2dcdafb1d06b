/// The kinds of email the backend sends.
public enum MailKind: String, CaseIterable, Sendable {
  /// The email-verification email.
  case verifyEmail = "verify_email"
  /// The password-reset email.
  case passwordReset = "password_reset"
  /// The email sent to a new address before the account's email changes to it (`verifyBeforeUpdateEmail`).
  case verifyAndChangeEmail = "verify_and_change_email"
  /// The email sent to the old address after an email change; its link reverts the change.
  case recoverEmail = "recover_email"

  /// The action link's `mode`, as Firebase's action handler reads it.
  public var mode: String {
    switch self {
    case .verifyEmail: "verifyEmail"
    case .passwordReset: "resetPassword"
    case .verifyAndChangeEmail: "verifyAndChangeEmail"
    case .recoverEmail: "recoverEmail"
    }
  }

  /// The backend call that opening this kind's link makes (what `fail_next` names): `resetPassword` for a reset,
  /// `applyOobCode` for the others.
  public var operation: BackendOperation { self == .passwordReset ? .resetPassword : .applyOobCode }
}
