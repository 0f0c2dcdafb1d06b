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
  /// A passwordless sign-in link (`sendSignInLink`); the app that asked for it completes the sign-in.
  case signInLink = "sign_in_link"

  /// The action link's `mode`, as Firebase's action handler reads it.
  public var mode: String {
    switch self {
    case .verifyEmail: "verifyEmail"
    case .passwordReset: "resetPassword"
    case .verifyAndChangeEmail: "verifyAndChangeEmail"
    case .recoverEmail: "recoverEmail"
    case .signInLink: "signIn"
    }
  }

  /// The backend call that opening this kind's link makes (what `fail_next` names): `resetPassword` for a reset,
  /// `signInWithEmailLink` for a sign-in link, `applyOobCode` for the others.
  public var operation: BackendOperation {
    switch self {
    case .passwordReset: .resetPassword
    case .signInLink: .signInWithEmailLink
    case .verifyEmail, .verifyAndChangeEmail, .recoverEmail: .applyOobCode
    }
  }
}
