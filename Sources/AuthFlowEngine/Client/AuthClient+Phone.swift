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
    return linked(info, provider: .phone)
  }
}

extension AuthClient {
  /// Re-authenticates the current user with the code typed for a verification (`reauthenticate(with:
  /// PhoneAuthCredential)`): the number must be the user's (`user-mismatch`, also when no account has it, as the
  /// SDK reports the backend's user-not-found there).
  public func reauthenticatePhone(verificationID: String, code: String?) throws(AuthErrorCode) {
    guard let user = currentUser else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    do throws(AuthErrorCode) {
      let (info, tokens) = try call(
        .signInWithPhoneNumber, "reauthenticate(phone: \(Redactor.shorten(verificationID)), code: ••••••)"
      ) { () throws(AuthErrorCode) in
        try backend.reauthenticatePhone(verificationID: verificationID, code: code, uid: user.uid)
      }
      _ = signedIn(info, tokens)
    } catch {
      // A disabled account signs no one out here: the SDK's re-authentication never looks at its own session
      // (the next refresh or call finds it). A number no account has: the SDK reports the backend's
      // user-not-found as user-mismatch.
      throw error == .userNotFound ? .userMismatch : error
    }
  }

  /// Replaces the signed-in user's number with the verified one (`updatePhoneNumber`); needs a recent login.
  public func updatePhoneNumber(verificationID: String, code: String?) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(
      .signInWithPhoneNumber, "updatePhoneNumber(\(Redactor.shorten(verificationID)), code: ••••••)"
    ) { (token: IDToken) throws(AuthErrorCode) in
      try backend.updatePhone(token, verificationID: verificationID, code: code)
    }
    // The service answers with new tokens for the number, as for a link, and the SDK keeps them.
    return linked(info, provider: .phone)
  }

  /// The number and temporary proof the last `credential-already-in-use` answer for a verification carried (the
  /// SDK turns them into the error's updated credential); nil when it carried none.
  package func phoneTemporaryProof(verificationID: String) -> (number: String, proof: String)? {
    backend.temporaryProof(forVerificationID: verificationID)
  }

  /// Signs in with a number and the temporary proof a `credential-already-in-use` answer carried.
  package func signIn(phoneNumber: String, temporaryProof: String) throws(AuthErrorCode) -> (
    user: CachedUser, isNewUser: Bool
  ) {
    let (info, tokens, isNewUser) = try call(
      .signInWithPhoneNumber, "signIn(phone: \(phoneNumber), proof: ••••••)"
    ) { () throws(AuthErrorCode) in
      try backend.signInWithPhone(temporaryProof: temporaryProof, number: phoneNumber)
    }
    return (signedIn(info, tokens), isNewUser)
  }
}
