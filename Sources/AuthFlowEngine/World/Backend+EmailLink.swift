import AuthFlowLanguage

extension Backend {
  /// `sendOobCode` for `EMAIL_SIGNIN` (`sendSignInLink`): a `sign_in_link` email to any well-formed address,
  /// with or without an account (the link signs up a new user), within the send limit. A disabled account's
  /// address still gets it; signing in with it then fails.
  func sendSignInLink(email: String) throws(AuthErrorCode) {
    try requireMethod("email_link")
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    let email = email.lowercased()
    try checkSendLimit(email: email, kind: .signInLink)
    let code = issueSignInLinkCode(email: email)
    deliver(
      Outbox.Email(
        to: email, kind: .signInLink, sentAt: world.now, code: code, accountEmail: email,
        continueURL: continueURL))
  }

  /// A sign-in link's code for `email` (lowercased), nothing sent: also what the Admin SDK's
  /// `generateSignInWithEmailLink` gets back.
  func issueSignInLinkCode(email: String) -> String {
    let code = world.identifier(length: 24)
    actionCodes[code] = ActionCode(
      kind: .signInLink, uid: account(email: email)?.uid, email: email, createdAt: world.now,
      continueURL: continueURL)
    return code
  }

  /// **Sign-in links are single-use and expire.** Used or unknown → `invalid-action-code`; older than
  /// `sign_in_link_ttl` (6 hours, what Firebase's engineers quote for `generateSignInWithEmailLink`) →
  /// `expired-action-code`. The Firebase emulator never expires them.
  func validSignInLink(_ code: String) throws(AuthErrorCode) -> ActionCode {
    guard let link = actionCodes[code], link.kind == .signInLink, !link.used else { throw .invalidActionCode }
    if world.now - link.createdAt > settings.signInLinkTTL { throw .expiredActionCode }
    return link
  }

  /// **Email-link sign-in.** `signInWithEmailLink {email, oobCode}`: the link must be valid
  /// (``validSignInLink(_:)``) and `email` the address it was sent to (else `invalid-email`, as production and
  /// the emulator answer); the code is then used up. An account with the email is signed in (a disabled one →
  /// `user-disabled`), a new one is created otherwise; either way the email is verified, since the link proves
  /// it. An account whose email was **unverified** loses its password and untrusted providers and its sessions
  /// are revoked, as a trusted identity provider's sign-in does (the pre-hijacking defence: whoever created the
  /// account with that address never proved it). A modelling choice: Firebase documents that rule for trusted
  /// providers; the emulator keeps the password.
  func signInWithEmailLink(email: String, code: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens, isNewUser: Bool
  ) {
    try requireMethod("email_link")
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    let link = try validSignInLink(code)
    guard link.email == email.lowercased() else { throw .invalidEmail }
    if let existing = account(email: link.email), existing.disabled { throw .userDisabled }
    actionCodes[code]?.used = true
    record(.actionCodeApplied(code: code, kind: .signInLink, at: world.now))
    guard let existing = account(email: link.email) else {
      var account = newAccount(email: link.email)
      account.emailVerified = true
      account.emailLinkSignIn = true
      let (info, tokens) = createSignedIn(
        account,
        line: "account \(link.email) created by an email link (uid \(Redactor.shorten(account.uid)))",
        provider: .password)
      return (info, tokens, true)
    }
    if !existing.emailVerified {
      update(uid: existing.uid) { forgetUnprovenSignIns(&$0) }
      world.log("backend", "\(link.email) was unverified: the email link removes its password, verifies it")
      revokeSessions(uid: existing.uid, reason: "email link proved the address")
    }
    update(uid: existing.uid) {
      $0.emailVerified = true
      $0.emailLinkSignIn = true
    }
    try requireSecondFactor(uid: existing.uid, provider: .password)
    let tokens = issueSession(uid: existing.uid, provider: .password)
    return (accounts[existing.uid]?.info ?? existing.info, tokens, false)
  }

  /// **Linking an email link.** `signInWithEmailLink {email, oobCode, idToken}`, what `link(with:)` sends for
  /// an email-link credential: the link is checked as for a sign-in (``validSignInLink(_:)``, the email must
  /// match) and used up; then an address another account has → `email-already-in-use` (the code is spent
  /// either way, as the emulator does it; no production source says otherwise). Otherwise the signed-in account
  /// takes the address, verified, with email-link sign-in: a guest is upgraded and keeps its uid, and an
  /// account whose email differed now has the link's. Like linking a password, no recent login is asked for
  /// and no session is revoked.
  func linkEmailLink(_ token: IDToken, email: String, code: String) throws(AuthErrorCode) -> AccountInfo {
    let account = try authorize(token)
    try requireMethod("email_link")
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    let link = try validSignInLink(code)
    guard link.email == email.lowercased() else { throw .invalidEmail }
    actionCodes[code]?.used = true
    record(.actionCodeApplied(code: code, kind: .signInLink, at: world.now))
    if emailIsTaken(link.email, byOtherThan: account.uid) { throw .emailAlreadyInUse }
    update(uid: account.uid) {
      $0.email = link.email
      $0.emailVerified = true
      $0.emailLinkSignIn = true
      $0.anonymous = false
    }
    world.log("backend", "email link for \(link.email) linked to uid \(Redactor.shorten(account.uid))")
    return accounts[account.uid]?.info ?? account.info
  }
}
