import AuthFlowLanguage

extension Backend {
  /// **Send limit.** At most `oob_send_limit` (5 per hour) emails of one kind to one address, counted over a
  /// sliding window; past it → `too-many-requests`. Silent "sends" under enumeration protection count too, so
  /// the limit reveals nothing. A modelling choice: Firebase documents per-project quotas, not this number.
  func checkSendLimit(email: String, kind: MailKind) throws(AuthErrorCode) {
    let windowStart = world.now - settings.oobSendLimit.per
    let recent = sends.count { $0.email == email && $0.kind == kind && $0.time > windowStart }
    if recent >= settings.oobSendLimit.count { throw .tooManyRequests }
    sends.append(SendRecord(email: email, kind: kind, time: world.now))
  }

  /// `sendOobCode` for `VERIFY_EMAIL`: emails the signed-in user a verification link.
  func sendVerification(_ token: IDToken) throws(AuthErrorCode) {
    let account = try authorize(token)
    guard let email = account.email else { throw .missingEmail }
    try checkSendLimit(email: email, kind: .verifyEmail)
    send(.verifyEmail, to: account)
  }

  /// `sendOobCode` for `PASSWORD_RESET`: no email is `missing-email` (a "Forgot password?" button pressed with
  /// an empty field), an unknown one `user-not-found`, or a silent success that sends nothing under
  /// enumeration protection.
  func sendPasswordReset(email: String) throws(AuthErrorCode) {
    guard !email.isEmpty else { throw .missingEmail }
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    let email = email.lowercased()
    guard let account = account(email: email) else {
      guard settings.emailEnumerationProtection else { throw .userNotFound }
      try checkSendLimit(email: email, kind: .passwordReset)
      world.log("backend", "no account for \(email): nothing sent (enumeration protection)")
      return
    }
    if account.disabled { throw .userDisabled }
    try checkSendLimit(email: email, kind: .passwordReset)
    send(.passwordReset, to: account)
  }

  /// Emails `kind` for the account: to its email, or to `address` (the new address of an email change, the old
  /// one of its revert). `changeTo` is the email the code gives the account when applied.
  func send(_ kind: MailKind, to account: Account, address: String? = nil, changeTo: String? = nil) {
    guard let code = issueCode(kind, for: account, changeTo: changeTo),
      let to = address ?? account.email
    else { return }
    let mail = Outbox.Email(
      to: to, kind: kind, sentAt: world.now, code: code, accountEmail: account.email ?? to,
      continueURL: continueURL)
    deliver(mail)
  }

  /// Puts `mail` in the outbox; with `mail_scanner` on, the recipient's mail gateway opens its link at once.
  func deliver(_ mail: Outbox.Email) {
    world.outbox.deliver(mail)
    world.log("outbox", "\(mail.kind.rawValue) to \(mail.to): \(mail.redactedLink)")
    if settings.mailScanner { scan(mail) }
  }

  /// **Mail scanners.** With `mail_scanner` on, a link-scanning mail gateway (as corporate ones are) opens the
  /// link of every email the moment it arrives, in a browser that runs the action page: a verification or an
  /// email change (or its revert) is applied before the user sees the email, whose link then shows
  /// `invalid-action-code`; a password reset or a sign-in link is only opened, which uses nothing up. A
  /// modelling choice: Firebase does not document scanners, but its hosted action page applies codes when
  /// opened, and scanners that run pages are what breaks one-time links in the field.
  private func scan(_ mail: Outbox.Email) {
    let code = Redactor.shorten(mail.code)
    do throws(AuthErrorCode) {
      try follow(code: mail.code, kind: mail.kind, newPassword: nil)
      world.log(
        "browser", "the mail scanner at \(mail.to) opens the \(mail.kind.rawValue) link (\(code)) → ok")
    } catch {
      world.log(
        "browser", "the mail scanner at \(mail.to) opens the \(mail.kind.rawValue) link (\(code)) → \(error)")
    }
  }

  /// Creates an action code for the account's email without sending anything: what the Admin SDK's
  /// `generateEmailVerificationLink` and `generatePasswordResetLink` get back (`returnOobLink`).
  ///
  /// **A newer code leaves the older ones alone.** Sending or generating another code of the same kind does not
  /// void the ones already out: each stays good once, until its own TTL (``validCode(_:kind:)``). Firebase
  /// documents no rule that voids them and the emulator keeps every code; a reset completed with one code still
  /// revokes sessions, and an email change voids every code issued for the old address.
  func issueCode(_ kind: MailKind, for account: Account, changeTo: String? = nil) -> String? {
    guard let email = account.email else { return nil }
    let code = world.identifier(length: 24)
    actionCodes[code] = ActionCode(
      kind: kind, uid: account.uid, email: email, changeTo: changeTo, createdAt: world.now,
      continueURL: continueURL)
    return code
  }

  /// What opening an emailed link in a browser does, by the email's kind: a verification applies, a password
  /// reset sets `newPassword` (or, without one, only checks the code), an email change or its revert applies, a
  /// sign-in link is only checked (the app completes it: ``signInWithEmailLink(email:code:)``).
  func follow(code: String, kind: MailKind, newPassword: String?) throws(AuthErrorCode) {
    switch kind {
    case .verifyEmail: _ = try applyVerification(code: code)
    case .passwordReset: _ = try resetPassword(code: code, newPassword: newPassword)
    case .verifyAndChangeEmail, .recoverEmail: _ = try applyEmailChange(code: code, kind: kind)
    case .signInLink:
      // The hosted page only hands the link on to the app's continue URL: nothing is consumed.
      _ = try validSignInLink(code)
    }
  }

  /// **Action codes are single-use and expire.** A used or unknown code → `invalid-action-code`; one older than
  /// its TTL (`password_reset_code_ttl` 1 hour for a reset, `verify_email_code_ttl` 3 days for the others) →
  /// `expired-action-code`; one issued before the account's email last changed → `invalid-action-code`.
  /// The Firebase emulator never expires codes.
  func validCode(_ code: String, kind: MailKind) throws(AuthErrorCode) -> (ActionCode, Account) {
    guard let actionCode = actionCodes[code], actionCode.kind == kind, !actionCode.used else {
      throw .invalidActionCode
    }
    let ttl = kind == .passwordReset ? settings.passwordResetCodeTTL : settings.verifyEmailCodeTTL
    if world.now - actionCode.createdAt > ttl { throw .expiredActionCode }
    guard let uid = actionCode.uid, let account = accounts[uid], account.email == actionCode.email else {
      throw .invalidActionCode
    }
    if account.disabled { throw .userDisabled }
    return (actionCode, account)
  }

  /// `resetPassword` with only a code, as `checkActionCode` sends it: the code's kind and email, for a code of
  /// any kind, under the same rules as ``validCode(_:kind:)``, with `newEmail` as the REST answer has it: for an
  /// email change, the email the code gives the account; for a recover code, the account's email now (the one
  /// the code takes back), `email` being the original it restores. Nothing is consumed.
  func inspectCode(_ code: String) throws(AuthErrorCode) -> (kind: MailKind, email: String, newEmail: String?)
  {
    guard let actionCode = actionCodes[code] else { throw .invalidActionCode }
    if actionCode.kind == .signInLink {
      let link = try validSignInLink(code)
      return (link.kind, link.email, nil)
    }
    let (valid, _) = try validCode(code, kind: actionCode.kind)
    if valid.kind == .recoverEmail, let original = valid.changeTo {
      return (valid.kind, original, valid.email)
    }
    return (valid.kind, valid.email, valid.changeTo)
  }

  /// `applyOobCode`: verifies the email the code was sent to.
  func applyVerification(code: String) throws(AuthErrorCode) -> String {
    let (actionCode, account) = try validCode(code, kind: .verifyEmail)
    actionCodes[code]?.used = true
    record(.actionCodeApplied(code: code, kind: .verifyEmail, at: world.now))
    update(uid: account.uid) { $0.emailVerified = true }
    world.log("backend", "\(actionCode.email) verified")
    return actionCode.email
  }

  /// `resetPassword` without a new password only checks the code (opening the page does not consume it);
  /// with one, it sets the password, marks the email verified, consumes the code and **revokes every session**.
  func resetPassword(code: String, newPassword: String?) throws(AuthErrorCode) -> String {
    let (actionCode, account) = try validCode(code, kind: .passwordReset)
    guard let newPassword else { return actionCode.email }
    try checkPasswordPolicy(newPassword)
    actionCodes[code]?.used = true
    record(.actionCodeApplied(code: code, kind: .passwordReset, at: world.now))
    update(uid: account.uid) {
      $0.password = newPassword
      $0.emailVerified = true
    }
    world.log("backend", "password of \(actionCode.email) reset")
    revokeSessions(uid: account.uid, reason: "password reset")
    return actionCode.email
  }
}
