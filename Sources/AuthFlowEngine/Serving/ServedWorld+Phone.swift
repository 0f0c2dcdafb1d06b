import AuthFlowLanguage

/// Phone sign-in as `authflow serve` calls it: each call is the backend's own rule (`Backend+Phone`) under the
/// lock.
extension ServedWorld {
  /// What linking a phone number came to: a link, or the number on another account.
  public enum PhoneLink: Equatable, Sendable {
    /// The number is the signed-in user's now; a fresh session for the same user.
    case linked(ServedSession)
    /// The code was right but another account has the number: production answers with a temporary proof of
    /// the number (valid an hour) rather than an error, so the app can sign in to that account.
    case numberInUse(phoneNumber: String, temporaryProof: String)
  }

  /// `accounts:sendVerificationCode`: an SMS code to `phoneNumber` (none to a test number); returns the
  /// verification id (`sessionInfo`).
  public func sendVerificationCode(phoneNumber: String) throws(AuthErrorCode) -> String {
    try locked(.sendVerificationCode) { (_, backend) throws(AuthErrorCode) in
      try backend.sendVerificationCode(number: phoneNumber)
    }
  }

  /// `accounts:signInWithPhoneNumber` with `sessionInfo` and `code`: signs in to the number's account, or makes
  /// one.
  public func signInWithPhone(verificationID: String, code: String?) throws(AuthErrorCode) -> ServedSession {
    try locked(.signInWithPhoneNumber) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens, isNewUser) = try backend.signInWithPhone(verificationID: verificationID, code: code)
      return try session(backend, info.uid, tokens, new: isNewUser)
    }
  }

  /// `accounts:signInWithPhoneNumber` with `temporaryProof` and `phoneNumber` (the credential a refused link
  /// handed back).
  public func signInWithPhone(temporaryProof: String, phoneNumber: String) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signInWithPhoneNumber) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens, isNewUser) = try backend.signInWithPhone(
        temporaryProof: temporaryProof, number: phoneNumber)
      return try session(backend, info.uid, tokens, new: isNewUser)
    }
  }

  /// `accounts:signInWithPhoneNumber` with an ID token, `sessionInfo` and `code`: links the number to that
  /// token's account, or, when another account has it, hands back a temporary proof.
  public func linkPhone(_ token: IDToken, verificationID: String, code: String?) throws(AuthErrorCode)
    -> PhoneLink
  {
    try locked(.signInWithPhoneNumber) { (_, backend) throws(AuthErrorCode) in
      try phoneLink(backend, token, verificationID: verificationID) { () throws(AuthErrorCode) in
        try backend.linkPhone(token, verificationID: verificationID, code: code)
      }
    }
  }

  /// `accounts:signInWithPhoneNumber` with `operation: REAUTH` (how the SDKs re-authenticate with a number):
  /// the number's account gets a new session; a number no account has is `user-not-found`, never a new account.
  public func reauthenticateWithPhone(verificationID: String, code: String?) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signInWithPhoneNumber) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.reauthenticatePhone(
        verificationID: verificationID, code: code, uid: nil)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// `accounts:signInWithPhoneNumber` with an ID token and `operation: UPDATE` (iOS `updatePhoneNumber`): the
  /// verified number replaces the account's (a recent login needed), or, when another account has it, a
  /// temporary proof comes back as for a link.
  public func updatePhone(_ token: IDToken, verificationID: String, code: String?) throws(AuthErrorCode)
    -> PhoneLink
  {
    try locked(.signInWithPhoneNumber) { (_, backend) throws(AuthErrorCode) in
      try phoneLink(backend, token, verificationID: verificationID) { () throws(AuthErrorCode) in
        try backend.updatePhone(token, verificationID: verificationID, code: code)
      }
    }
  }

  /// What giving the token's account a verified number (`change`) came to: a fresh session, or, when another
  /// account has the number, the temporary proof the answer carries (the code checked out and is used up).
  private func phoneLink(
    _ backend: Backend, _ token: IDToken, verificationID: String,
    _ change: () throws(AuthErrorCode) -> AccountInfo
  ) throws(AuthErrorCode) -> PhoneLink {
    do throws(AuthErrorCode) {
      let info = try change()
      return .linked(try linkedSession(backend, info.uid, token))
    } catch .credentialAlreadyInUse {
      guard let (number, proof) = backend.temporaryProof(forVerificationID: verificationID) else {
        throw .credentialAlreadyInUse
      }
      return .numberInUse(phoneNumber: number, temporaryProof: proof)
    }
  }

  /// `accounts:signInWithPhoneNumber` with an ID token, `temporaryProof` and `phoneNumber`: links the proven
  /// number; another account's is `credential-already-in-use` (no second proof).
  public func linkPhone(_ token: IDToken, temporaryProof: String, phoneNumber: String) throws(AuthErrorCode)
    -> ServedSession
  {
    try locked(.signInWithPhoneNumber) { (_, backend) throws(AuthErrorCode) in
      let info = try backend.linkPhone(token, temporaryProof: temporaryProof, number: phoneNumber)
      return try linkedSession(backend, info.uid, token)
    }
  }

  /// Production answers a link with fresh tokens for the credential it proved, as for a password or an identity
  /// provider (`sign_in_provider: phone`, as the emulator issues them: a guest that links a number is no guest
  /// in its tokens either); the session keeps its sign-in time.
  private func linkedSession(_ backend: Backend, _ uid: String, _ token: IDToken) throws(AuthErrorCode)
    -> ServedSession
  {
    let tokens = backend.issueSession(uid: uid, authTime: token.authTime, provider: .phone)
    return try session(backend, uid, tokens, new: false)
  }
}
