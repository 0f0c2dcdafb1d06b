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
    update(uid: account.uid) {
      $0.email = email.lowercased()
      $0.password = password
      $0.anonymous = false
    }
    world.log("backend", "password linked to \(email.lowercased())")
    return accounts[account.uid]?.info ?? account.info
  }
}
