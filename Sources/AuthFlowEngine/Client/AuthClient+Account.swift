import AuthFlowLanguage

extension AuthClient {
  // MARK: - Account

  /// Fetches the current user from the backend (`reload()`) and updates the cache; a revoked or deleted account signs the client out.
  public func reload() throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(.lookup, "reload") { (token: IDToken) throws(AuthErrorCode) in
      try backend.lookup(token)
    }
    return updateCache(info)
  }

  /// Revokes the current user's Sign in with Apple tokens with an authorization code from Apple
  /// (`revokeToken(withAuthorizationCode:)`), as an app must before deleting an Apple user's account.
  public func revokeToken(authorizationCode code: String) throws(AuthErrorCode) {
    try authorized(
      .revokeToken, "revokeToken(apple.com, \(Redactor.shorten(code)))", signsOutWhenSessionEnded: false
    ) {
      (token: IDToken) throws(AuthErrorCode) in try backend.revokeAppleToken(token, code: code)
    }
  }

  /// Sends the current user a verification email (`sendEmailVerification()`), within the send limit.
  public func sendEmailVerification() throws(AuthErrorCode) {
    try authorized(.sendOobCode, "sendEmailVerification") { (token: IDToken) throws(AuthErrorCode) in
      try backend.sendVerification(token)
    }
  }

  /// Asks the backend to send a password-reset email to `email`; with enumeration protection on it succeeds for unknown addresses too.
  public func sendPasswordReset(email: String) throws(AuthErrorCode) {
    try call(.sendOobCode, "sendPasswordResetEmail(\(email))") { () throws(AuthErrorCode) in
      try backend.sendPasswordReset(email: email)
    }
  }

  /// The sign-in methods of `email` (`fetchSignInMethods`); empty with enumeration protection on.
  public func fetchSignInMethods(email: String) throws(AuthErrorCode) -> [ProviderID] {
    let methods = try call(.createAuthUri, "fetchSignInMethods(\(email))") { () throws(AuthErrorCode) in
      try backend.createAuthUri(email: email)
    }
    world.log(device, "sign-in methods for \(email): [\(methods.map(\.rawValue).joined(separator: ", "))]")
    return methods
  }

  /// Sets the current user's password; needs a recent login and revokes the user's other sessions.
  public func updatePassword(_ password: String) throws(AuthErrorCode) {
    let newTokens = try authorized(.update, "updatePassword(\(hide(password)))") {
      (token: IDToken) throws(AuthErrorCode) in try backend.changePassword(token, to: password)
    }
    tokens = newTokens
    if let user = currentUser, !user.providers.contains(.password) {
      var updated = user
      updated.providers = (user.providers + [.password]).sorted()
      currentUser = updated
    }
    sessionObserver?()
  }

  /// Asks to change the current user's email (`sendEmailVerification(beforeUpdatingEmail:)`): a
  /// `verify_and_change_email` email goes to `newEmail`, and the email changes when its link is opened. Needs a
  /// recent login.
  public func sendEmailChange(to newEmail: String) throws(AuthErrorCode) {
    try authorized(
      .sendOobCode, "sendEmailVerification(beforeUpdatingEmail: \(newEmail))", signsOutWhenSessionEnded: false
    ) {
      (token: IDToken) throws(AuthErrorCode) in try backend.sendEmailChange(token, to: newEmail)
    }
  }

  /// Changes the current user's email at once (the deprecated `updateEmail(to:)`): refused under enumeration
  /// protection; otherwise needs a recent login, revokes the user's other sessions and keeps this one.
  public func updateEmail(to newEmail: String) throws(AuthErrorCode) -> CachedUser {
    let (info, newTokens) = try authorized(.update, "updateEmail(\(newEmail))") {
      (token: IDToken) throws(AuthErrorCode) in try backend.updateEmail(token, to: newEmail)
    }
    tokens = newTokens
    sessionObserver?()
    return updateCache(info)
  }

  /// Sets or, with nil, removes the current user's display name.
  public func updateDisplayName(_ name: String?) throws(AuthErrorCode) {
    let info = try authorized(.update, "updateProfile(displayName: \(name ?? "nil"))") {
      (token: IDToken) throws(AuthErrorCode) in try backend.setDisplayName(token, to: name)
    }
    _ = updateCache(info)
    takeRenewedIDToken()
  }

  /// Deletes the current user's account; needs a recent login, then signs the client out.
  public func delete() throws(AuthErrorCode) {
    try authorized(.delete, "delete", signsOutWhenSessionEnded: false) {
      (token: IDToken) throws(AuthErrorCode) in try backend.delete(token)
    }
    currentUser = nil
    tokens = nil
    onAuthStateChange?(AuthStateChange(user: nil, error: nil))
    sessionObserver?()
  }

  /// Signs out locally (no backend call, as in Firebase).
  public func signOut() {
    guard currentUser != nil else { return }
    world.log(device, "signOut")
    currentUser = nil
    tokens = nil
    pendingCredential = nil
    onAuthStateChange?(AuthStateChange(user: nil, error: nil))
    sessionObserver?()
  }

  /// Starts a session directly (`given.signed_in`).
  func restore(_ info: AccountInfo, _ tokens: SessionTokens) {
    currentUser = CachedUser(info)
    currentAccount = info
    self.tokens = tokens
    sessionObserver?()
  }

  /// The app process ends: in-memory state such as a pending credential is lost; the session stays persisted.
  func appDidTerminate() {
    pendingCredential = nil
    onAuthStateChange = nil
  }
}
