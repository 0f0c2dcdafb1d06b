import AuthFlowLanguage

extension Backend {
  /// **Trusted provider.** A federated sign-in is trusted when its provider (or `provider@domain` of the
  /// email) is in `trusted_providers` and the IdP says the email is verified. Defaults: Apple, and Google for
  /// gmail.com and googlemail.com addresses.
  func isTrusted(_ idp: IdentityProviders.Account) -> Bool {
    guard idp.emailVerified, let email = idp.email else { return false }
    let domain = EmailAddress.domain(of: email)
    return settings.trustedProviders.contains {
      $0.provider == idp.provider && ($0.domain == nil || $0.domain == domain)
    }
  }

  private func linkedAccount(for idp: IdentityProviders.Account) -> Account? {
    uids.compactMap { accounts[$0] }.first { account in
      account.links.contains { $0.provider == idp.provider && $0.subject == idp.subject }
    }
  }

  /// `signInWithIdp` (SPEC 5.4). With one account per email:
  /// 1. the IdP account is linked → sign in to that account;
  /// 2. another account has the email and the sign-in is trusted → **trusted-provider takeover**;
  /// 3. another account has the email, untrusted → `account-exists-with-different-credential`;
  /// 4. otherwise a new account, verified if the sign-in is trusted.
  /// With one account per email off, rules 2 and 3 never apply; nor do they to an IdP account without an email
  /// (a GitHub or Apple user who shares none), which production signs in by its subject alone: rule 1, or a new
  /// account without an email.
  func signInWithIdp(_ idp: IdentityProviders.Account) throws(AuthErrorCode) -> (AccountInfo, SessionTokens) {
    try requireMethod(idp.provider.rawValue)
    let trusted = isTrusted(idp)
    if let account = linkedAccount(for: idp) {
      if account.disabled { throw .userDisabled }
      update(uid: account.uid) {
        if trusted, $0.email == idp.email { $0.emailVerified = true }
        if $0.displayName == nil { $0.displayName = idp.name }
        if $0.photoURL == nil { $0.photoURL = idp.photoURL }
        if $0.screenName == nil { $0.screenName = idp.screenName }
        // The provider's profile is kept current on its link: an address the IdP account now has finds the
        // account (`createAuthUri`), and `providerUserInfo` shows its name and photo, as production and the
        // emulator keep them.
        if let index = $0.links.firstIndex(where: { $0.names(idp.provider, idp.subject) }) {
          $0.links[index].email = idp.email ?? $0.links[index].email
          $0.links[index].displayName = idp.name ?? $0.links[index].displayName
          $0.links[index].photoURL = idp.photoURL ?? $0.links[index].photoURL
        }
      }
      return try signedIn(uid: account.uid, with: idp.provider)
    }
    if settings.oneAccountPerEmail, let email = idp.email, let existing = accounts(withEmail: email).first {
      if existing.disabled { throw .userDisabled }
      guard trusted else { throw .accountExistsWithDifferentCredential }
      takeOver(existing, with: idp)
      return try signedIn(uid: existing.uid, with: idp.provider)
    }
    // With several accounts per email allowed, the IdP's address stays on the link and the account gets none, as
    // in production (the address is in `providerUserInfo`) and the emulator.
    var account = newAccount(email: settings.oneAccountPerEmail ? idp.email : nil)
    account.emailVerified = trusted && settings.oneAccountPerEmail
    account.displayName = idp.name
    account.photoURL = idp.photoURL
    account.screenName = idp.screenName
    account.links = [LinkedAccount(idp)]
    insert(account)
    record(.accountCreated(uid: account.uid, email: account.email))
    world.log(
      "backend", "account \(idp.label) created with \(idp.provider) (uid \(Redactor.shorten(account.uid)))")
    return try signedIn(uid: account.uid, with: idp.provider)
  }

  private func signedIn(uid: String, with provider: ProviderID) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    guard accounts[uid] != nil else { throw .userNotFound }
    try requireSecondFactor(uid: uid, provider: provider)
    let tokens = issueSession(uid: uid, provider: provider)
    guard let account = accounts[uid] else { throw .userNotFound }
    return (account.info, tokens)
  }

  /// **Trusted-provider takeover.** A trusted sign-in whose email belongs to another account signs in to that
  /// account and links the provider. If the account's email was unverified, production also removes its
  /// password and every untrusted provider, marks the email verified and revokes its sessions before the
  /// signing-in device gets a new one: an unverified password account is taken over by Google or Apple.
  /// The Firebase emulator does not remove the password.
  func takeOver(_ account: Account, with idp: IdentityProviders.Account) {
    let wasUnverified = !account.emailVerified
    update(uid: account.uid) { account in
      if wasUnverified {
        forgetUnprovenSignIns(&account)
        account.emailVerified = true
      }
      account.links.append(LinkedAccount(idp))
      if account.displayName == nil { account.displayName = idp.name }
      if account.photoURL == nil { account.photoURL = idp.photoURL }
      if account.screenName == nil { account.screenName = idp.screenName }
    }
    if wasUnverified {
      world.log(
        "backend", "\(idp.provider) takes over unverified \(idp.label): password removed, email verified")
      revokeSessions(uid: account.uid, reason: "trusted provider took over")
    } else {
      world.log("backend", "\(idp.provider) linked to \(idp.label)")
    }
  }

  /// What an unverified account loses when its address is proven by someone else's sign-in (a trusted provider,
  /// an email link): its password and every untrusted provider, which whoever created it may hold.
  func forgetUnprovenSignIns(_ account: inout Account) {
    account.password = nil
    account.links.removeAll { link in
      let linkedIdP = IdentityProviders.Account(
        provider: link.provider, subject: link.subject, email: link.email, name: nil, emailVerified: true)
      return !isTrusted(linkedIdP)
    }
  }

  /// `signInWithIdp` with an ID token: links an IdP account to the signed-in account.
  /// An IdP account linked to any account, this one included → `credential-already-in-use` (the service's
  /// `FEDERATED_USER_ID_ALREADY_LINKED`, as the emulator answers both); a provider already on the account →
  /// `provider-already-linked`; an IdP email that is another account's → `email-already-in-use`. An account
  /// without an email takes the IdP's, and an IdP that verifies the account's address verifies it.
  func link(_ token: IDToken, _ idp: IdentityProviders.Account) throws(AuthErrorCode) -> AccountInfo {
    let account = try authorize(token)
    try requireMethod(idp.provider.rawValue)
    if linkedAccount(for: idp) != nil { throw .credentialAlreadyInUse }
    if account.link(for: idp.provider) != nil { throw .providerAlreadyLinked }
    if settings.oneAccountPerEmail, let email = idp.email,
      accounts(withEmail: email).contains(where: { $0.uid != account.uid })
    {
      throw .emailAlreadyInUse
    }
    update(uid: account.uid) {
      $0.links.append(LinkedAccount(idp))
      $0.anonymous = false
      // An account without an email (a guest) takes the IdP's; then, as the emulator's link does, an IdP that
      // verifies the account's address (its own, or the one just taken) verifies it.
      if $0.email == nil { $0.email = idp.email }
      if let email = idp.email, idp.emailVerified, $0.email == email { $0.emailVerified = true }
      if $0.displayName == nil { $0.displayName = idp.name }
      if $0.photoURL == nil { $0.photoURL = idp.photoURL }
      if $0.screenName == nil { $0.screenName = idp.screenName }
    }
    world.log("backend", "\(idp.provider) linked to \(account.email ?? account.uid)")
    return accounts[account.uid]?.info ?? account.info
  }
}

extension Backend {
  /// Re-authentication through an IdP: the IdP account must be linked to the signed-in user
  /// (`user-mismatch` if it is linked to someone else, `user-not-found` if to no one).
  func reauthenticate(_ idp: IdentityProviders.Account, uid: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    guard
      let owner = uids.compactMap({ accounts[$0] }).first(where: { account in
        account.links.contains { $0.provider == idp.provider && $0.subject == idp.subject }
      })
    else { throw enumerationSafe(.userNotFound) }
    guard owner.uid == uid else { throw .userMismatch }
    if owner.disabled { throw .userDisabled }
    let tokens = issueSession(uid: uid, provider: idp.provider)
    return (accounts[uid]?.info ?? owner.info, tokens)
  }

  /// `accounts:revokeToken`: revokes the Apple tokens of the token's user with an authorization code from Sign in
  /// with Apple. The world issues no such codes (they come from Apple's SDK, not Firebase), so any code is
  /// Apple's for a user with Apple linked; an empty code, or a user without Apple, is what Apple refuses:
  /// `invalid-credential`. Revoking changes nothing in the account.
  func revokeAppleToken(_ token: IDToken, code: String) throws(AuthErrorCode) {
    let account = try authorize(token)
    guard !code.isEmpty, account.link(for: .apple) != nil else { throw .invalidCredential }
  }
}
