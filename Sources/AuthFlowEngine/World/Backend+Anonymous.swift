import AuthFlowLanguage

extension Backend {
  /// `signUp` with neither email nor password: **an anonymous sign-in creates a new guest account every
  /// time**, with no email and no provider, signed in with `sign_in_provider` `anonymous`. Signing out of it
  /// loses it for good: nothing can sign in to it again, which is why apps upgrade a guest by linking a
  /// credential to it (``linkPassword(_:email:password:)``, ``link(_:_:)``) instead of creating an account.
  /// Source: Firebase docs, "Authenticate with Firebase Anonymously" (Apple platforms), and the REST
  /// reference's `accounts:signUp` ("creates a new anonymous user" when the request has no email).
  func signInAnonymously() throws(AuthErrorCode) -> (AccountInfo, SessionTokens) {
    try requireMethod("anonymous")
    var account = newAccount(email: nil)
    account.anonymous = true
    return createSignedIn(
      account, line: "anonymous account created (uid \(Redactor.shorten(account.uid)))", provider: .anonymous)
  }
}
