/// How the user (or the IdP) answers a sign-in sheet.
public enum SheetOutcome: Equatable, Sendable {
  /// The user picks the account and the provider signs them in.
  case success
  /// The user closed the sheet: `web-context-cancelled`.
  case cancel
  /// The IdP failed; the app sees this code (`invalid-credential` unless the scenario names one).
  case error(AuthErrorCode)
}
