/// Backend operations, named as in Identity Toolkit (SPEC 5.1); `fail_next` uses these names.
public enum BackendOperation: String, CaseIterable, Sendable {
  /// `accounts:signUp`.
  case signUp
  /// `accounts:signInWithPassword`.
  case signInWithPassword
  /// `accounts:signInWithIdp`.
  case signInWithIdp
  /// `accounts:signInWithEmailLink`: completing a passwordless sign-in.
  case signInWithEmailLink
  /// `accounts:signInWithCustomToken`.
  case signInWithCustomToken
  /// `accounts:sendOobCode`: verification and password-reset emails.
  case sendOobCode
  /// `accounts:update` with an `oobCode`: applying a verification, email-change or recover link.
  case applyOobCode
  /// `accounts:resetPassword`.
  case resetPassword
  /// `accounts:lookup`: what `reload()` calls.
  case lookup
  /// `accounts:update`: password, display name, unlinking.
  case update
  /// `accounts:delete`.
  case delete
  /// `accounts:createAuthUri`: the sign-in methods of an email.
  case createAuthUri
  /// The secure-token refresh that mints a new ID token.
  case refreshToken
  /// `accounts:sendVerificationCode`: an SMS code for phone sign-in or linking.
  case sendVerificationCode
  /// `accounts:signInWithPhoneNumber`: signing in (or linking) with an SMS code.
  case signInWithPhoneNumber
  /// `accounts/mfaEnrollment:start`: an SMS code or a TOTP secret for enrolling a second factor.
  case startMfaEnrollment
  /// `accounts/mfaEnrollment:finalize`: enrolling the factor with its first code.
  case finalizeMfaEnrollment
  /// `accounts/mfaEnrollment:withdraw`: removing a second factor.
  case withdrawMfa
  /// `accounts/mfaSignIn:start`: an SMS code for the sign-in's second step.
  case startMfaSignIn
  /// `accounts/mfaSignIn:finalize`: completing a sign-in with a second factor's code.
  case finalizeMfaSignIn
  /// `accounts:revokeToken`: revoking the user's Sign in with Apple tokens with an authorization code (an app
  /// deleting an Apple user's account must).
  case revokeToken

  /// Whether `authflow serve` answers the operation's REST call: all but `revokeToken`, which only app code
  /// through AuthFlowFirebase reaches (the emulator has no such endpoint either).
  public var isServed: Bool { self != .revokeToken }
}
