import AuthFlowLanguage

extension Backend {
  /// **An email change is verified first.** `sendOobCode VERIFY_AND_CHANGE_EMAIL`, what
  /// `verifyBeforeUpdateEmail` (iOS: `sendEmailVerification(beforeUpdatingEmail:)`) sends: a sensitive operation
  /// (recent login), a malformed address → `invalid-email`; an address another account has →
  /// `email-already-in-use`, or under enumeration protection a silent success that sends nothing (Identity
  /// Platform, "Enable or disable email enumeration protection"); so is the account's own address, in any case. Otherwise a `verify_and_change_email` email goes
  /// to the new address, and nothing changes until its link is opened (``applyEmailChange(code:kind:)``).
  func sendEmailChange(_ token: IDToken, to newEmail: String) throws(AuthErrorCode) {
    let account = try authorize(token)
    // The link changes an address the account has: a guest, phone or custom-token account without one gets
    // `MISSING_EMAIL` (the emulator asserts the same), and nothing counts against the send limit.
    guard account.email != nil else { throw .missingEmail }
    try requireRecentLogin(token)
    guard Backend.isValidEmail(newEmail) else { throw .invalidEmail }
    let newEmail = newEmail.lowercased()
    // The account's own address is taken too (the emulator asserts no account has it): a change to it would
    // change nothing, yet revoke every session and email a revert link.
    if newEmail == account.email || emailIsTaken(newEmail, byOtherThan: account.uid) {
      guard settings.emailEnumerationProtection else { throw .emailAlreadyInUse }
      try checkSendLimit(email: newEmail, kind: .verifyAndChangeEmail)
      let whose = newEmail == account.email ? "is the account's own address" : "is taken"
      world.log("backend", "\(newEmail) \(whose): nothing sent (enumeration protection)")
      return
    }
    try checkSendLimit(email: newEmail, kind: .verifyAndChangeEmail)
    send(.verifyAndChangeEmail, to: account, address: newEmail, changeTo: newEmail)
  }

  /// **Changing the email without verifying it.** `update {email}`, what the deprecated `updateEmail` sends:
  /// under enumeration protection production refuses it (`operation-not-allowed`: "verify the new email before
  /// changing email"); without, it needs a recent login and a free, well-formed address, changes the email at
  /// once (unverified), emails a `recover_email` link to the old address, and **revokes every session** as any
  /// email change does; the calling device gets a fresh session back. The emulator allows it either way. An
  /// account with second factors must keep a verified email: `email-change-needs-verification`
  /// (`EMAIL_CHANGE_NEEDS_VERIFICATION`), whatever the knob says.
  func updateEmail(_ token: IDToken, to newEmail: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    let account = try authorize(token)
    if !account.mfa.isEmpty { throw .emailChangeNeedsVerification }
    if settings.emailEnumerationProtection { throw .operationNotAllowed }
    try requireRecentLogin(token)
    guard Backend.isValidEmail(newEmail) else { throw .invalidEmail }
    let newEmail = newEmail.lowercased()
    if emailIsTaken(newEmail, byOtherThan: account.uid) { throw .emailAlreadyInUse }
    record(.sensitiveOperation(.changeEmail, uid: account.uid, authTime: token.authTime, at: world.now))
    // The same address again (in any case) changes nothing, as the emulator's update and an admin's change read it.
    if newEmail != account.email { change(account, to: newEmail, verified: false) }
    let tokens = issueSession(uid: account.uid, authTime: token.authTime, provider: token.signInProvider)
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  /// **Following an email-change link.** `applyOobCode` with a `verify_and_change_email` code gives the account
  /// the new address, verified, and emails a `recover_email` link to the old one; with a `recover_email` code it
  /// restores the old address (verified: the link proves it). Either way the address must still be free
  /// (`email-already-in-use`) and **every session is revoked** ("a major account change", Firebase's "Manage
  /// user sessions"), so the app that asked for the change is signed out at its next token refresh.
  func applyEmailChange(code: String, kind: MailKind) throws(AuthErrorCode) -> String {
    let (actionCode, account) = try validCode(code, kind: kind)
    guard let newEmail = actionCode.changeTo else { throw .invalidActionCode }
    if emailIsTaken(newEmail, byOtherThan: account.uid) { throw .emailAlreadyInUse }
    actionCodes[code]?.used = true
    record(.actionCodeApplied(code: code, kind: kind, at: world.now))
    change(account, to: newEmail, verified: true, recoverable: kind == .verifyAndChangeEmail)
    return newEmail
  }

  /// Gives the account `newEmail`, emails the old address a link that reverts it (unless this is the revert),
  /// and revokes every session.
  private func change(_ account: Account, to newEmail: String, verified: Bool, recoverable: Bool = true) {
    let oldEmail = account.email
    update(uid: account.uid) {
      $0.email = newEmail
      $0.emailVerified = verified
    }
    world.log("backend", "email of \(oldEmail ?? account.uid) changed to \(newEmail)")
    if recoverable, let oldEmail, let changed = accounts[account.uid] {
      send(.recoverEmail, to: changed, address: oldEmail, changeTo: oldEmail)
    }
    revokeSessions(uid: account.uid, reason: "email changed")
  }

  /// Whether an account other than `uid` has `email`.
  func emailIsTaken(_ email: String, byOtherThan uid: String) -> Bool {
    accounts(withEmail: email).contains { $0.uid != uid }
  }
}
