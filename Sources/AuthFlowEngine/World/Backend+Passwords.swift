import AuthFlowLanguage

extension Backend {
  /// **Email enumeration protection.** On by default for projects created since 2023-09-15: sign-in reports
  /// `invalid-credential` instead of `user-not-found` or `wrong-password`, `createAuthUri` lists no methods and a
  /// reset for an unknown email succeeds silently. The Firebase emulator ignores this setting.
  func enumerationSafe(_ error: AuthErrorCode) -> AuthErrorCode {
    guard settings.emailEnumerationProtection, error == .userNotFound || error == .wrongPassword else {
      return error
    }
    return .invalidCredential
  }

  /// **Sign-in methods.** A method the project has not enabled (`sign_in_methods`, the console's "Sign-in method"
  /// tab) → `operation-not-allowed`, as production answers `OPERATION_NOT_ALLOWED`; an anonymous sign-in →
  /// `admin-restricted-operation` (`ADMIN_ONLY_OPERATION`), as the SDKs report it.
  func requireMethod(_ method: String) throws(AuthErrorCode) {
    // Identity Platform's SAML and OIDC providers are configured by name (`saml.NAME`, `oidc.NAME`); the world
    // models no provider configuration, so each such name is taken as configured, as the emulator takes it.
    let configured = method.hasPrefix("saml.") || method.hasPrefix("oidc.")
    guard configured || settings.allows(method) else {
      throw method == "anonymous" ? .adminRestrictedOperation : .operationNotAllowed
    }
  }

  /// **Password policy.** Shorter than `password_min_length` (6) → `weak-password`.
  func checkPasswordPolicy(_ password: String) throws(AuthErrorCode) {
    if password.count < settings.passwordMinLength { throw .weakPassword }
  }

  /// **One account per email.** With it on (the default) an email belongs to at most one account of any kind;
  /// with it off, only to one password account.
  func emailIsTaken(_ email: String, byPasswordAccountOnly: Bool) -> Bool {
    let matches = accounts(withEmail: email)
    return byPasswordAccountOnly ? matches.contains { $0.password != nil } : !matches.isEmpty
  }

  /// `signUp`: creates an unverified password account, named `displayName` if given, and signs it in.
  func signUp(email: String, password: String, displayName: String? = nil) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    try requireMethod("password")
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    if emailIsTaken(email, byPasswordAccountOnly: !settings.oneAccountPerEmail) { throw .emailAlreadyInUse }
    try checkPasswordPolicy(password)
    var account = newAccount(email: email)
    account.password = password
    account.displayName = displayName
    return createSignedIn(
      account, line: "account \(account.email ?? "") created (uid \(Redactor.shorten(account.uid)))",
      provider: .password)
  }

  /// `signInWithPassword`: `user-not-found`, `user-disabled` (checked before the password), `wrong-password`
  /// (also for an account without a password); both "not found" and "wrong password" become
  /// `invalid-credential` under enumeration protection.
  func signInWithPassword(email: String, password: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    try requireMethod("password")
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    guard let account = account(email: email) else { throw enumerationSafe(.userNotFound) }
    if account.disabled { throw .userDisabled }
    let failures = try checkPasswordLockout(account)
    guard account.password == password else {
      if settings.passwordAttemptLimit != nil {
        update(uid: account.uid) { $0.failedPasswordSignIns = failures + [world.now] }
      }
      throw enumerationSafe(.wrongPassword)
    }
    if !account.failedPasswordSignIns.isEmpty { update(uid: account.uid) { $0.failedPasswordSignIns = [] } }
    try requireSecondFactor(uid: account.uid, provider: .password)
    let tokens = issueSession(uid: account.uid, provider: .password)
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  /// **Lockout.** With `password_attempt_limit` `{count, per}` set, an account with `count` wrong passwords
  /// within `per` refuses every password sign-in, the right password included, with `too-many-requests`
  /// (production's "Access to this account has been temporarily disabled due to many failed login attempts"),
  /// until the oldest of them is `per` old or the password changes (a reset restores access at once). A
  /// success forgets the failures; refused attempts are not counted. Other sign-in methods are not locked.
  /// Returns the failures still inside the window.
  private func checkPasswordLockout(_ account: Account) throws(AuthErrorCode) -> [VirtualTime] {
    guard let limit = settings.passwordAttemptLimit else { return [] }
    let failures = recentFailures(account, within: limit)
    guard failures.count >= limit.count, let oldest = failures.first else { return failures }
    world.log(
      "backend",
      "\(account.email ?? account.uid): \(failures.count) wrong passwords within \(limit.per): locked out until \(oldest + limit.per) "
        + "or a password reset")
    throw .tooManyRequests
  }

  private func recentFailures(_ account: Account, within limit: BackendSettings.SendLimit) -> [VirtualTime] {
    let windowStart = world.now - limit.per
    return account.failedPasswordSignIns.filter { $0 > windowStart }
  }

  /// Whether the account with this email is locked out of password sign-ins now.
  package func isLockedOut(email: String) -> Bool {
    guard let limit = settings.passwordAttemptLimit, let account = account(email: email) else { return false }
    return recentFailures(account, within: limit).count >= limit.count
  }

  /// `createAuthUri`: the account's sign-in methods (`password`, `emailLink`, identity providers), or an empty
  /// list under enumeration protection (which is what breaks "fetch the methods, then sign in or sign up").
  /// An account is found by its own email, else by an email a linked IdP account has (the emulator's and
  /// production's lookup). With several accounts per email allowed, the identity providers are not listed: an IdP
  /// sign-in with that address makes an account of its own then.
  func createAuthUri(email: String) throws(AuthErrorCode) -> [ProviderID] {
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    if settings.emailEnumerationProtection { return [] }
    let address = email.lowercased()
    let found =
      account(email: email)
      ?? uids.compactMap { accounts[$0] }.first { $0.links.contains { $0.email?.lowercased() == address } }
    let methods = found?.signInMethods ?? []
    return settings.oneAccountPerEmail ? methods : methods.filter { $0 == .password || $0 == .emailLink }
  }

  /// `update` with a new password: needs a recent login, checks the policy, then **revokes every session** of
  /// the account; the calling device gets a fresh session back (as production returns new tokens).
  func changePassword(_ token: IDToken, to password: String) throws(AuthErrorCode) -> SessionTokens {
    let account = try authorize(token)
    try requireRecentLogin(token)
    try checkPasswordPolicy(password)
    update(uid: account.uid) { $0.password = password }
    record(.sensitiveOperation(.changePassword, uid: account.uid, authTime: token.authTime, at: world.now))
    revokeSessions(uid: account.uid, reason: "password changed")
    return issueSession(uid: account.uid, authTime: token.authTime, provider: token.signInProvider)
  }
}
