import AuthFlowLanguage

extension AuthClient {
  /// Asks for an SMS code to `number` (`verifyPhoneNumber`); returns the verification id the app keeps until the
  /// user types the code. No code ever reaches the transcript.
  public func verifyPhoneNumber(_ number: String) throws(AuthErrorCode) -> String {
    try call(.sendVerificationCode, "verifyPhoneNumber(\(number))") { () throws(AuthErrorCode) in
      try backend.sendVerificationCode(number: number)
    }
  }

  /// Signs in with the code typed for a verification (`signIn(with: PhoneAuthCredential)`); returns the user
  /// and whether the number made a new account.
  public func signIn(verificationID: String, code: String?) throws(AuthErrorCode) -> (
    user: CachedUser, isNewUser: Bool
  ) {
    let (info, tokens, isNewUser) = try call(
      .signInWithPhoneNumber, "signIn(phone: \(Redactor.shorten(verificationID)), code: ••••••)"
    ) { () throws(AuthErrorCode) in try backend.signInWithPhone(verificationID: verificationID, code: code) }
    return (signedIn(info, tokens), isNewUser)
  }

  /// Links the verified number to the signed-in user (`link(with: PhoneAuthCredential)`).
  public func linkPhone(verificationID: String, code: String?) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(
      .signInWithPhoneNumber, "link(phone: \(Redactor.shorten(verificationID)), code: ••••••)"
    ) { (token: IDToken) throws(AuthErrorCode) in
      try backend.linkPhone(token, verificationID: verificationID, code: code)
    }
    return updateCache(info)
  }
}
