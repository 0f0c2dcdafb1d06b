import AuthFlowLanguage

extension AuthClient {
  // MARK: - Operations the FirebaseAuth façade adds

  /// The current ID token; with `forcingRefresh`, or when 5 minutes or less remain, a refreshed one.
  package func idToken(forcingRefresh: Bool) throws(AuthErrorCode) -> IDToken {
    guard forcingRefresh else { return try freshIDToken() }
    guard tokens != nil else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    try refreshIDToken()
    guard let refreshed = tokens else { throw .userTokenExpired }
    return refreshed.idToken
  }

  /// The claims of the ID token the client holds now (custom-token and custom claims as they were when it was
  /// minted): what `getIDTokenResult().claims` shows; empty when signed out.
  public var idTokenClaims: [String: ClaimValue] { tokens?.idToken.claims ?? [:] }

  /// The session's refresh token, nil when signed out.
  package var refreshToken: String? { tokens?.refreshToken }

  /// `update` of the profile: each field that is not nil is set, an inner nil deletes it.
  package func updateProfile(displayName: String??, photoURL: String??) throws(AuthErrorCode) {
    var fields: [String] = []
    if let displayName { fields.append("displayName: \(displayName ?? "nil")") }
    if let photoURL { fields.append("photoURL: \(photoURL ?? "nil")") }
    let info = try authorized(.update, "updateProfile(\(fields.joined(separator: ", ")))") {
      (token: IDToken) throws(AuthErrorCode) in
      try backend.updateProfile(token, displayName: displayName, photoURL: photoURL)
    }
    _ = updateCache(info)
    takeRenewedIDToken()
  }

  /// Takes the new ID token production's `accounts:update` answers a profile change with, as the SDK does: it
  /// carries the new name and photo, and the ID-token listeners hear of it.
  func takeRenewedIDToken() {
    guard let refreshToken = tokens?.refreshToken, let renewed = try? backend.renewedIDToken(refreshToken)
    else { return }
    tokens?.idToken = renewed
    sessionObserver?()
  }

  /// Unlinks a provider (`password` or an IdP) from the signed-in user.
  package func unlink(_ provider: ProviderID) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(.update, "unlink(\(provider))") { (token: IDToken) throws(AuthErrorCode) in
      try backend.unlink(token, provider: provider)
    }
    return updateCache(info)
  }

  /// Links an email and a password to the signed-in user.
  package func linkPassword(email: String, password: String) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(.update, "link(password, \(email))") { (token: IDToken) throws(AuthErrorCode) in
      try backend.linkPassword(token, email: email, password: password)
    }
    return linked(info, provider: .password)
  }

  // MARK: - Action codes, from the app

  /// `checkActionCode`: what a code is for and its emails as the REST answer has them
  /// (``Backend/inspectCode(_:)``: for an email change, the email it gives the account; for a revert, the
  /// account's email now, the one it takes away); consumes nothing.
  package func checkActionCode(_ code: String) throws(AuthErrorCode) -> (
    kind: MailKind, email: String, newEmail: String?
  ) {
    try call(.resetPassword, "checkActionCode(\(Redactor.shorten(code)))") { () throws(AuthErrorCode) in
      try backend.inspectCode(code)
    }
  }

  /// `applyActionCode`: applies an email-verification, email-change or recover code.
  package func applyActionCode(_ code: String) throws(AuthErrorCode) {
    _ = try call(.applyOobCode, "applyActionCode(\(Redactor.shorten(code)))") { () throws(AuthErrorCode) in
      let (kind, _, _) = try backend.inspectCode(code)
      guard kind != .passwordReset else { throw .invalidActionCode }
      try backend.follow(code: code, kind: kind, newPassword: nil)
    }
  }

  /// `confirmPasswordReset`: sets the new password with a password-reset code.
  package func confirmPasswordReset(_ code: String, newPassword: String) throws(AuthErrorCode) {
    _ = try call(
      .resetPassword, "confirmPasswordReset(\(Redactor.shorten(code)), \(hide(newPassword)))"
    ) { () throws(AuthErrorCode) in try backend.resetPassword(code: code, newPassword: newPassword) }
  }

  /// `network: {online: …}` for this device.
  package func setOnline(_ online: Bool) { isOnline = online }
}

extension AuthClient {
  /// The session's current ID token, nil when signed out.
  package var currentIDToken: IDToken? { tokens?.idToken }
}
