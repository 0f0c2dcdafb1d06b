import AuthFlowLanguage

extension Backend {
  /// `update` with `deleteProvider`: unlinks a provider from the signed-in account; `password` removes the
  /// password. A provider the account does not have → `no-such-provider`. Production lets an account lose its
  /// last sign-in method this way, and so does the fake.
  func unlink(_ token: IDToken, provider: ProviderID) throws(AuthErrorCode) -> AccountInfo {
    let account = try authorize(token)
    guard account.providers.contains(provider) else { throw .noSuchProvider }
    update(uid: account.uid) {
      if provider == .password {
        $0.password = nil
        $0.emailLinkSignIn = false
      }
      if provider == .phone { $0.phoneNumber = nil }
      $0.links.removeAll { $0.provider == provider }
    }
    world.log("backend", "\(provider) unlinked from \(account.email ?? account.uid)")
    return accounts[account.uid]?.info ?? account.info
  }

  /// `update` with an email and a password: links an email-and-password credential to the signed-in account
  /// (an account that signs in only with an IdP gains a password; a guest becomes a password account with the
  /// same uid, so its data stays). An account that already has a password → `provider-already-linked`; an email
  /// another account has → `email-already-in-use`; the password policy applies. A modelling choice: no recent
  /// login is asked for and no session is revoked.
  func linkPassword(_ token: IDToken, email: String, password: String) throws(AuthErrorCode) -> AccountInfo {
    let account = try authorize(token)
    try requireMethod("password")
    guard Backend.isValidEmail(email) else { throw .invalidEmail }
    if account.password != nil { throw .providerAlreadyLinked }
    if accounts(withEmail: email).contains(where: { $0.uid != account.uid }) { throw .emailAlreadyInUse }
    try checkPasswordPolicy(password)
    let address = email.lowercased()
    update(uid: account.uid) {
      // An address no one has proven yet is not verified, whatever the account's old one was (the emulator's
      // `signUp` clears `emailVerified` when it links a password); the account's own address stays as it was.
      if $0.email != address { $0.emailVerified = false }
      $0.email = address
      $0.password = password
      $0.anonymous = false
    }
    world.log("backend", "password linked to \(address)")
    return accounts[account.uid]?.info ?? account.info
  }

  /// **Administrator links an identity provider** (`updateUser(uid, {providerToLink})`: `accounts:update` with
  /// `linkProviderUserInfo`, an OAuth-only field). The link is written as the call describes it (subject, email,
  /// name, photo), with no credential to check. An IdP account another account has →
  /// `credential-already-in-use`, so that one IdP account still signs in to one account; the account's link to
  /// another account of that provider → `provider-already-linked` ("User can only be linked to one identity for
  /// the given provider"); the same IdP account again rewrites its link. The account's own email, name and photo
  /// stay as they are, a disabled account may be linked, and no session is revoked (the Admin SDK's `UpdateRequest`
  /// reference: linking "does not invalidate the refresh token of that account"). The emulator checks none of
  /// this: it writes the entry over any link to the provider, leaving another account's link to the same IdP
  /// account in place.
  ///
  /// Checked by ``checkLinkByAdmin(_:toAccount:unlinking:)`` before the call changes anything, written once the
  /// call's `deleteProvider` has been applied (so one call may replace a provider's link, as the emulator reads
  /// it too).
  func linkByAdmin(_ link: LinkedAccount, toAccount uid: String) {
    guard let account = accounts[uid] else { return }
    update(uid: uid) {
      if let index = $0.links.firstIndex(where: { $0.names(link.provider, link.subject) }) {
        $0.links[index] = link
      } else {
        $0.links.append(link)
      }
      $0.anonymous = false
    }
    world.log("admin", "linked \(link.provider) account \(link.subject) to \(account.email ?? account.uid)")
  }

  /// What ``linkByAdmin(_:toAccount:)`` refuses, with the links of the providers in `unlinking` already gone.
  func checkLinkByAdmin(_ link: LinkedAccount, toAccount uid: String, unlinking: [ProviderID] = [])
    throws(AuthErrorCode)
  {
    guard let account = accounts[uid] else { throw .userNotFound }
    let linkedElsewhere = uids.contains { other in
      other != uid && accounts[other]?.links.contains { $0.names(link.provider, link.subject) } == true
    }
    if linkedElsewhere { throw .credentialAlreadyInUse }
    if !unlinking.contains(link.provider), let current = account.link(for: link.provider),
      current.subject != link.subject
    {
      throw .providerAlreadyLinked
    }
  }
}
