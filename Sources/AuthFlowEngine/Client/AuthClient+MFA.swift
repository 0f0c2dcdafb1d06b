import AuthFlowLanguage

extension AuthClient {
  // MARK: - Enrolling second factors (`user.multiFactor`)

  /// Starts enrolling `number` as a second factor (`PhoneAuthProvider.verifyPhoneNumber` with the user's
  /// multi-factor session): an SMS code goes to it. Returns the verification id.
  public func startPhoneEnrollment(_ number: String) throws(AuthErrorCode) -> String {
    try authorized(
      .startMfaEnrollment, "startMfaEnrollment(phone: \(number))", signsOutWhenSessionEnded: false
    ) {
      (token: IDToken) throws(AuthErrorCode) in try backend.startPhoneEnrollment(token, number: number)
    }
  }

  /// Starts enrolling an authenticator app (`TOTPMultiFactorGenerator.generateSecret(with:)`): the secret to
  /// show the user. The secret never reaches the transcript.
  public func startTOTPEnrollment() throws(AuthErrorCode) -> TOTPEnrollmentStart {
    try authorized(.startMfaEnrollment, "startMfaEnrollment(totp)", signsOutWhenSessionEnded: false) {
      (token: IDToken) throws(AuthErrorCode) in
      try backend.startTOTPEnrollment(token)
    }
  }

  /// Finishes a phone enrolment with the SMS code (`multiFactor.enroll(with:displayName:)`), naming the factor
  /// `displayName`; other sessions end.
  public func finishPhoneEnrollment(verificationID: String, code: String?, displayName: String? = nil)
    throws(AuthErrorCode) -> CachedUser
  {
    let (info, tokens) = try authorized(
      .finalizeMfaEnrollment,
      "finalizeMfaEnrollment(phone: \(Redactor.shorten(verificationID)), code: ••••••)",
      signsOutWhenSessionEnded: false
    ) { (token: IDToken) throws(AuthErrorCode) in
      try backend.finishPhoneEnrollment(
        token, verificationID: verificationID, code: code, displayName: displayName)
    }
    return adopt(info, tokens)
  }

  /// Finishes a TOTP enrolment with the authenticator's code, naming the factor `displayName`; other sessions
  /// end.
  public func finishTOTPEnrollment(sessionID: String, code: String?, displayName: String? = nil)
    throws(AuthErrorCode) -> CachedUser
  {
    let (info, tokens) = try authorized(
      .finalizeMfaEnrollment, "finalizeMfaEnrollment(totp: \(Redactor.shorten(sessionID)), code: ••••••)",
      signsOutWhenSessionEnded: false
    ) { (token: IDToken) throws(AuthErrorCode) in
      try backend.finishTOTPEnrollment(token, sessionID: sessionID, code: code, displayName: displayName)
    }
    return adopt(info, tokens)
  }

  /// Removes the user's second factor of `kind` (`multiFactor.unenroll(with:)`).
  public func unenroll(_ kind: SecondFactor.Kind) throws(AuthErrorCode) -> CachedUser {
    let (info, tokens) = try authorized(.withdrawMfa, "withdrawMfa(\(kind))", signsOutWhenSessionEnded: false)
    {
      (token: IDToken) throws(AuthErrorCode) in try backend.withdrawFactor(token, kind: kind)
    }
    return adopt(info, tokens)
  }

  /// Removes the enrolled factor whose id is `factorID` (`multiFactor.unenroll(withFactorUID:)`).
  public func unenroll(factorID: String) throws(AuthErrorCode) -> CachedUser {
    let kind = currentUser?.mfa.first { $0.id == factorID }?.kind.rawValue ?? "unknown"
    let (info, tokens) = try authorized(.withdrawMfa, "withdrawMfa(\(kind))", signsOutWhenSessionEnded: false)
    {
      (token: IDToken) throws(AuthErrorCode) in try backend.withdrawFactor(token, id: factorID)
    }
    return adopt(info, tokens)
  }

  // MARK: - Answering the challenge (`MultiFactorResolver`)

  /// Sends the SMS code for a phone factor of the pending challenge; returns the verification id.
  public func startSecondFactor(_ factor: MFAEnrollment) throws(AuthErrorCode) -> String {
    guard let challenge = pendingMultiFactor else { throw .invalidVerificationID }
    return try call(.startMfaSignIn, "startMfaSignIn(\(factor.kind))") { () throws(AuthErrorCode) in
      try backend.startSecondFactor(challenge: challenge.id, factor: factor.id)
    }
  }

  /// Completes the pending sign-in with a factor's code (`resolver.resolveSignIn(with:)`).
  public func resolveSecondFactor(_ factor: MFAEnrollment, verificationID: String?, code: String?)
    throws(AuthErrorCode) -> CachedUser
  {
    guard let challenge = pendingMultiFactor else { throw .invalidVerificationID }
    let (info, tokens) = try call(.finalizeMfaSignIn, "finalizeMfaSignIn(\(factor.kind), code: ••••••)") {
      () throws(AuthErrorCode) in
      try backend.finishSecondFactor(
        challenge: challenge.id, factor: factor.id, verificationID: verificationID, code: code)
    }
    pendingMultiFactor = nil
    return signedIn(info, tokens)
  }

  /// Takes new tokens for the signed-in user and caches what the backend returned.
  private func adopt(_ info: AccountInfo, _ tokens: SessionTokens) -> CachedUser {
    self.tokens = tokens
    return updateCache(info)
  }
}
