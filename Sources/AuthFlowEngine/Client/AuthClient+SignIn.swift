import AuthFlowLanguage

extension AuthClient {
  // MARK: - Sign-in methods

  /// Creates a password account and signs in as it (`createUser(withEmail:password:)`).
  public func signUp(email: String, password: String) throws(AuthErrorCode) -> CachedUser {
    let (info, tokens) = try call(.signUp, "signUp(\(email), \(hide(password)))") {
      () throws(AuthErrorCode) in try backend.signUp(email: email, password: password)
    }
    return signedIn(info, tokens)
  }

  /// Signs in as a new guest (`signInAnonymously()`): a new anonymous account every time.
  public func signInAnonymously() throws(AuthErrorCode) -> CachedUser {
    let (info, tokens) = try call(.signUp, "signUp(anonymous)") { () throws(AuthErrorCode) in
      try backend.signInAnonymously()
    }
    return signedIn(info, tokens)
  }

  /// Signs in with an email and a password.
  public func signIn(email: String, password: String) throws(AuthErrorCode) -> CachedUser {
    let (info, tokens) = try call(.signInWithPassword, "signInWithPassword(\(email), \(hide(password)))") {
      () throws(AuthErrorCode) in try backend.signInWithPassword(email: email, password: password)
    }
    return signedIn(info, tokens)
  }

  /// Signs in with a custom token the app's server minted for `uid` with developer `claims`
  /// (`signIn(withCustomToken:)`); returns the user and whether the token created the account.
  public func signIn(customTokenFor uid: String, claims: [String: ClaimValue]) throws(AuthErrorCode) -> (
    user: CachedUser, isNewUser: Bool
  ) {
    let described = claims.isEmpty ? "" : ", \(ClaimValue.describe(claims))"
    let (info, tokens, isNewUser) = try call(
      .signInWithCustomToken, "signInWithCustomToken(\(uid)\(described))"
    ) {
      () throws(AuthErrorCode) in try backend.signInWithCustomToken(uid: uid, claims: claims)
    }
    return (signedIn(info, tokens), isNewUser)
  }

  /// Asks for a passwordless sign-in link to `email` (`sendSignInLink(toEmail:actionCodeSettings:)`). Remembering
  /// the email until the link comes back is the app's job.
  public func sendSignInLink(email: String) throws(AuthErrorCode) {
    try call(.sendOobCode, "sendSignInLink(\(email))") { () throws(AuthErrorCode) in
      try backend.sendSignInLink(email: email)
    }
  }

  /// Completes an email-link sign-in (`signIn(withEmail:link:)`) with the link's code and the email the link was
  /// sent to; returns the user and whether the link created the account.
  public func signIn(email: String, linkCode code: String) throws(AuthErrorCode) -> (
    user: CachedUser, isNewUser: Bool
  ) {
    let (info, tokens, isNewUser) = try call(
      .signInWithEmailLink, "signInWithEmailLink(\(email), \(Redactor.shorten(code)))"
    ) { () throws(AuthErrorCode) in try backend.signInWithEmailLink(email: email, code: code) }
    return (signedIn(info, tokens), isNewUser)
  }

  /// Links an email link to the signed-in user (`link(with:)` with an email-link credential): a guest keeps its
  /// uid and gains the verified address.
  public func linkEmailLink(email: String, linkCode code: String) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(
      .signInWithEmailLink, "link(emailLink, \(email), \(Redactor.shorten(code)))"
    ) { (token: IDToken) throws(AuthErrorCode) in
      try backend.linkEmailLink(token, email: email, code: code)
    }
    return linked(info, provider: .password)
  }

  /// Shows the provider's sign-in sheet, then signs in with the credential it returns. A collision keeps the
  /// credential as ``pendingCredential``.
  public func signIn(with sheet: ProviderSheet) throws(AuthErrorCode) -> CachedUser {
    let idp = try present(sheet)
    return try signIn(idp, keepingPendingCredential: true).user
  }

  /// Signs in with an IdP account the app already holds a credential for (`signInWithIdp`). With
  /// `keepingPendingCredential`, a collision keeps the credential as ``pendingCredential`` (the built-in
  /// machines' way); the FirebaseAuth façade hands it to the app in the error instead.
  package func signIn(_ idp: IdentityProviders.Account, keepingPendingCredential: Bool) throws(AuthErrorCode)
    -> (user: CachedUser, isNewUser: Bool)
  {
    let accountsBefore = backend.uids.count
    do {
      let (info, tokens) = try call(.signInWithIdp, "signInWithIdp(\(idp.provider), \(idp.label))") {
        () throws(AuthErrorCode) in try backend.signInWithIdp(idp)
      }
      pendingCredential = nil
      return (signedIn(info, tokens), backend.uids.count > accountsBefore)
    } catch {
      if keepingPendingCredential, error == .accountExistsWithDifferentCredential, let email = idp.email {
        pendingCredential = PendingCredential(provider: idp.provider, email: email, account: idp)
        world.log(device, "keeps the pending \(idp.provider) credential for \(email)")
      }
      throw error
    }
  }

  /// The IdP's sheet: returns the chosen account, or throws when the user cancels or the IdP fails.
  package func present(_ sheet: ProviderSheet) throws(AuthErrorCode) -> IdentityProviders.Account {
    let chosen = world.identityProviders.account(sheet.provider, email: sheet.account)
    let who = chosen?.email ?? sheet.account ?? "no account"
    switch sheet.outcome {
    case .cancel:
      world.log(sheet.provider.rawValue, "sheet on \(device): \(who) → cancelled")
      throw .webContextCancelled
    case .error(let code):
      world.log(sheet.provider.rawValue, "sheet on \(device): \(who) → failed (\(code))")
      throw code
    case .success:
      guard let chosen else {
        world.log(sheet.provider.rawValue, "sheet on \(device): no account to choose → failed")
        throw .invalidCredential
      }
      world.log(sheet.provider.rawValue, "sheet on \(device): \(chosen.label) → success")
      return chosen
    }
  }

  /// Re-authenticates the current user with a password: same checks as a sign-in; another user → `user-mismatch`.
  public func reauthenticate(password: String) throws(AuthErrorCode) {
    try reauthenticate(email: nil, password: password)
  }

  /// Re-authenticates the current user with an email (the user's own when nil) and a password.
  package func reauthenticate(email: String?, password: String) throws(AuthErrorCode) {
    guard let user = currentUser else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    let email = email ?? user.email ?? ""
    do throws(AuthErrorCode) {
      let (info, tokens) = try call(.signInWithPassword, "reauthenticate(\(email), \(hide(password)))") {
        () throws(AuthErrorCode) in try backend.signInWithPassword(email: email, password: password)
      }
      guard info.uid == user.uid else { throw AuthErrorCode.userMismatch }
      _ = signedIn(info, tokens)
    } catch {
      // A disabled account signs no one out here: the SDK's re-authentication never looks at its own session
      // (the next refresh or call finds it). An email no account has (enumeration protection off) is the
      // backend's user-not-found, which the SDK reports as user-mismatch.
      throw error == .userNotFound ? .userMismatch : error
    }
  }

  /// Re-authenticates the current user with an email link (`reauthenticate(with:)` and an email-link credential),
  /// as the SDK does it: the link signs in as a sign-in would, using it up, and an account that is not the
  /// user's is `user-mismatch`.
  package func reauthenticate(email: String, linkCode code: String) throws(AuthErrorCode) {
    guard let user = currentUser else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    let (info, tokens, _) = try call(
      .signInWithEmailLink, "reauthenticate(emailLink, \(email), \(Redactor.shorten(code)))"
    ) { () throws(AuthErrorCode) in try backend.signInWithEmailLink(email: email, code: code) }
    guard info.uid == user.uid else { throw AuthErrorCode.userMismatch }
    _ = signedIn(info, tokens)
  }

  /// Re-authenticates the current user through an IdP sheet.
  public func reauthenticate(with sheet: ProviderSheet) throws(AuthErrorCode) {
    guard currentUser != nil else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    try reauthenticate(try present(sheet))
  }

  /// Re-authenticates the current user with an IdP account the app holds a credential for: one linked to another
  /// user, or to no one, is `user-mismatch` (under enumeration protection, one linked to no one is
  /// `invalid-credential`).
  package func reauthenticate(_ idp: IdentityProviders.Account) throws(AuthErrorCode) {
    guard let user = currentUser else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    do throws(AuthErrorCode) {
      let (info, tokens) = try call(.signInWithIdp, "reauthenticate(\(idp.provider), \(idp.label))") {
        () throws(AuthErrorCode) in try backend.reauthenticate(idp, uid: user.uid)
      }
      _ = signedIn(info, tokens)
    } catch {
      // A disabled account signs no one out here, as above. An IdP account linked to no one: the SDK reports
      // the backend's user-not-found as user-mismatch.
      throw error == .userNotFound ? .userMismatch : error
    }
  }

  /// Links an IdP account to the signed-in user through the provider's sheet.
  public func link(with sheet: ProviderSheet) throws(AuthErrorCode) -> CachedUser {
    let idp = try present(sheet)
    return try link(idp)
  }

  /// Links the credential kept from a collision, and forgets it.
  public func linkPendingCredential() throws(AuthErrorCode) -> CachedUser? {
    guard let pending = pendingCredential else { return nil }
    pendingCredential = nil
    return try link(pending.account)
  }

  /// Links an IdP account the app holds a credential for to the signed-in user.
  /// A provider the cached user already has is refused before the backend is asked, as the SDKs refuse it
  /// (iOS `link(with:)`, the web SDK's `_assertLinkedStatus`): `provider-already-linked`, where the service
  /// would answer a second link of the same IdP account `credential-already-in-use`.
  package func link(_ idp: IdentityProviders.Account) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(.signInWithIdp, "link(\(idp.provider), \(idp.label))") {
      (token: IDToken) throws(AuthErrorCode) in
      if currentUser?.providers.contains(idp.provider) == true { throw .providerAlreadyLinked }
      return try backend.link(token, idp)
    }
    return linked(info, provider: idp.provider)
  }
}
