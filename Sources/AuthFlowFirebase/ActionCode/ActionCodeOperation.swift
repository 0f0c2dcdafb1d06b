/// What an action code is for.
public enum ActionCodeOperation: Int, Sendable {
  /// Not known.
  case unknown = 0
  /// Resetting a password.
  case passwordReset = 1
  /// Verifying an email.
  case verifyEmail = 2
  /// Recovering an email after a change.
  case recoverEmail = 3
  /// Signing in with an email link (not modelled).
  case emailLink = 4
  /// Verifying a new email before changing to it.
  case verifyAndChangeEmail = 5
  /// Reverting a second factor's enrolment (not modelled).
  case revertSecondFactorAddition = 6
}
