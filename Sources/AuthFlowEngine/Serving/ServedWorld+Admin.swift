import AuthFlowLanguage

/// What the Admin SDK calls (project-scoped endpoints) and what the server's control endpoints change.
extension ServedWorld {
  // MARK: - Admin SDK

  /// The account with this uid, if any.
  public func account(uid: String) -> ServedAccount? {
    locked { (_, backend) in backend.account(uid: uid).map(ServedAccount.init) }
  }

  /// The account with this email (the password account if several share it), if any.
  public func account(email: String) -> ServedAccount? {
    locked { (_, backend) in backend.account(email: email).map(ServedAccount.init) }
  }

  /// Every account, oldest first.
  public func accounts() -> [ServedAccount] {
    locked { (_, backend) in backend.uids.compactMap { backend.account(uid: $0) }.map(ServedAccount.init) }
  }

  /// `createUser`: an account the Admin SDK makes. The same checks as sign-up: a malformed email,
  /// `email-already-in-use`, the password policy; a uid already taken is `uid-already-exists`.
  public func createAccount(_ changes: AdminAccountChanges) throws(AuthErrorCode) -> ServedAccount {
    try locked(nil) { (world, backend) throws(AuthErrorCode) in
      if let email = changes.email {
        guard Backend.isValidEmail(email) else { throw .invalidEmail }
        if backend.emailIsTaken(email, byPasswordAccountOnly: !world.settings.oneAccountPerEmail) {
          throw .emailAlreadyInUse
        }
      }
      if let password = changes.password { try backend.checkPasswordPolicy(password) }
      if let number = changes.phoneNumber ?? nil { try Self.checkPhoneNumber(number, for: nil, backend) }
      var account = backend.newAccount(email: changes.email)
      if let uid = changes.uid {
        if backend.account(uid: uid) != nil { throw .uidAlreadyExists }
        account.uid = uid
      }
      account.password = changes.password
      account.emailVerified = changes.emailVerified ?? false
      account.displayName = changes.displayName ?? nil
      account.photoURL = changes.photoURL ?? nil
      account.disabled = changes.disabled ?? false
      account.phoneNumber = changes.phoneNumber ?? nil
      backend.insert(account)
      return ServedAccount(account)
    }
  }

  /// `updateUser`: sets what `changes` names. A new password revokes every session, as in production. A new
  /// email is the backend's "administrator changes an email" rule (`Backend.updateEmailByAdmin`): it
  /// arrives unverified unless `changes` sets `emailVerified`, nothing is emailed, and every session is revoked.
  /// A link is the "administrator links an identity provider" rule (`Backend.linkByAdmin(_:toAccount:)`),
  /// checked with the rest before anything changes and written after `unlink`.
  public func updateAccount(uid: String, _ changes: AdminAccountChanges) throws(AuthErrorCode)
    -> ServedAccount
  {
    try locked(nil) { (world, backend) throws(AuthErrorCode) in
      guard let current = backend.account(uid: uid) else { throw .userNotFound }
      if let email = changes.email {
        guard Backend.isValidEmail(email) else { throw .invalidEmail }
        if world.settings.oneAccountPerEmail,
          backend.accounts(withEmail: email).contains(where: { $0.uid != uid })
        {
          throw .emailAlreadyInUse
        }
      }
      if let password = changes.password { try backend.checkPasswordPolicy(password) }
      if let number = changes.phoneNumber ?? nil { try Self.checkPhoneNumber(number, for: uid, backend) }
      if let link = changes.link {
        try backend.checkLinkByAdmin(link, toAccount: uid, unlinking: changes.unlink)
      }
      // The email first: what else the call sets (`emailVerified` among it) applies to the new address.
      let newEmail = changes.email?.lowercased()
      if let newEmail, newEmail != current.email { backend.replaceEmailByAdmin(current, with: newEmail) }
      backend.update(uid: uid) { account in
        if let password = changes.password { account.password = password }
        if let verified = changes.emailVerified { account.emailVerified = verified }
        if let name = changes.displayName { account.displayName = name }
        if let photo = changes.photoURL { account.photoURL = photo }
        if let disabled = changes.disabled { account.disabled = disabled }
        account.links.removeAll { changes.unlink.contains($0.provider) }
        if changes.unlink.contains(.password) { account.password = nil }
        if let number = changes.phoneNumber { account.phoneNumber = number }
        if changes.unlink.contains(.phone) { account.phoneNumber = nil }
        if let claims = changes.claims { account.customClaims = claims }
      }
      if let link = changes.link { backend.linkByAdmin(link, toAccount: uid) }
      // A new email has revoked them already.
      if changes.password != nil || changes.revokeSessions, newEmail == nil || newEmail == current.email {
        backend.revokeSessions(uid: uid, reason: "admin update")
      }
      guard let account = backend.account(uid: uid) else { throw .userNotFound }
      return ServedAccount(account)
    }
  }

  /// A number the Admin SDK gives an account: E.164 (`invalid-phone-number`), and no other account's
  /// (`phone-number-already-exists`, as the console's `set_phone` step meets it).
  private static func checkPhoneNumber(_ number: String, for uid: String?, _ backend: Backend)
    throws(AuthErrorCode)
  {
    guard PhoneNumber.isValid(number) else { throw .invalidPhoneNumber }
    if let owner = backend.account(phoneNumber: number), owner.uid != uid { throw .phoneNumberAlreadyExists }
  }

  /// The account with this phone number, if any (`get_user_by_phone_number`).
  public func account(phoneNumber: String) -> ServedAccount? {
    locked { (_, backend) in backend.account(phoneNumber: phoneNumber).map(ServedAccount.init) }
  }

  /// `deleteUser`.
  public func deleteAccount(uid: String) throws(AuthErrorCode) {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in
      guard let account = backend.account(uid: uid) else { throw .userNotFound }
      backend.remove(uid: uid)
      backend.recordDeletion(of: account, byClient: false)
    }
  }

  /// `generateEmailVerificationLink` / `generatePasswordResetLink` / `generateVerifyAndChangeEmailLink` /
  /// `generateSignInWithEmailLink` (for any address, with or without an account): a fresh action code, nothing
  /// sent. An email change needs `newEmail`, well-formed and free (`email-already-in-use`). An address no
  /// account has is `user-not-found`, except that under enumeration protection a password reset for it is no
  /// code and no error (`nil`), as production answers the Admin SDK there.
  public func actionCode(
    _ kind: MailKind, email: String, newEmail: String? = nil, continueURL: String? = nil
  ) throws(AuthErrorCode) -> String? {
    try locked(nil) { (_, backend) throws(AuthErrorCode) -> String? in
      let code = try Self.issueCode(backend, kind, email: email, newEmail: newEmail)
      if let code, let continueURL { backend.actionCodes[code]?.continueURL = continueURL }
      return code
    }
  }

  private static func issueCode(_ backend: Backend, _ kind: MailKind, email: String, newEmail: String?)
    throws(AuthErrorCode) -> String?
  {
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    if kind == .signInLink { return backend.issueSignInLinkCode(email: email.lowercased()) }
    guard let account = backend.account(email: email) else {
      if kind == .passwordReset, backend.settings.emailEnumerationProtection { return nil }
      throw .userNotFound
    }
    var changeTo: String?
    if kind == .verifyAndChangeEmail {
      guard let newEmail, Backend.isValidEmail(newEmail) else { throw .invalidEmail }
      if backend.emailIsTaken(newEmail, byOtherThan: account.uid) { throw .emailAlreadyInUse }
      changeTo = newEmail.lowercased()
    }
    guard let code = backend.issueCode(kind, for: account, changeTo: changeTo) else { throw .invalidEmail }
    return code
  }

  /// The `continueUrl` the action code `code` was issued with, which its link carries.
  public func continueURL(ofCode code: String) -> String? {
    locked { (_, backend) in backend.actionCodes[code]?.continueURL }
  }

  // MARK: - Control

  /// The accounts the world knows at `provider` (a `given`'s, and every one a sign-in has described), in the
  /// order they became known: what the emulator's sign-in widget offers to pick from.
  public func identityProviderAccounts(of provider: ProviderID) -> [IdentityProviders.Account] {
    locked { (world, _) in world.identityProviders.accounts(of: provider) }
  }

  /// The virtual clock.
  public var now: VirtualTime { locked { (world, _) in world.now } }

  /// A fresh `createAuthUri` session id (27 characters, as the emulator makes them), from the world's one
  /// seeded generator.
  public func newSessionId() -> String { identifier(length: 27) }

  /// `length` letters and digits from the world's one seeded generator.
  public func identifier(length: Int) -> String { locked { (world, _) in world.identifier(length: length) } }

  /// Moves the virtual clock forward by `duration`; returns the new time.
  @discardableResult
  public func advance(by duration: VirtualDuration) -> VirtualTime {
    locked { (world, _) in
      world.advance(to: world.now + duration)
      return world.now
    }
  }

  /// Every email sent so far, oldest first.
  public var outbox: [Outbox.Email] { locked { (world, _) in world.outbox.emails } }

  /// Every SMS sent so far (verification codes), oldest first; a test number gets none.
  public var smsOutbox: [SMSOutbox.Message] { locked { (world, _) in world.smsOutbox.messages } }

  /// The knobs in force.
  public var settings: BackendSettings { locked { (world, _) in world.settings } }

  /// Replaces the knobs; accounts, sessions, codes and the clock stay as they are.
  public func setSettings(_ settings: BackendSettings) {
    locked { (world, _) in world.settings = settings }
  }

  /// Makes the next call of `operation` fail with `error`, as a scenario's `fail_next` does.
  public func failNext(_ operation: BackendOperation, with error: AuthErrorCode) {
    locked { (world, _) in world.failNext(operation, with: error, device: nil) }
  }

  /// Starts over from `given` with `settings`: a new world, as a scenario starts.
  public func load(settings: BackendSettings, given: Given) {
    let fresh = Self.makeWorld(settings: settings, given: given, seed: seedValue)
    locked { (_, _) in replaceWorld(fresh) }
  }

  /// Removes every account (the emulator's `DELETE accounts`), keeping knobs and clock.
  public func removeAllAccounts() {
    locked { (_, backend) in
      for uid in backend.uids { backend.remove(uid: uid) }
    }
  }
}
