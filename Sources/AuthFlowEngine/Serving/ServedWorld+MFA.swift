import AuthFlowLanguage

/// Multi-factor authentication as `authflow serve` calls it: each call is the backend's own rule
/// (`Backend+MFA`) under the lock.
extension ServedWorld {
  /// What a first-factor sign-in came to: a session, or a wait for a second factor.
  public enum SignIn: Equatable, Sendable {
    /// Signed in.
    case signedIn(ServedSession)
    /// The account has second factors: no session yet; the challenge names the pending credential and the
    /// factors, and the account is the one signing in.
    case secondFactorRequired(ServedAccount, MFAChallenge)

    /// The session, when there is one.
    public var session: ServedSession? {
      if case .signedIn(let session) = self { return session }
      return nil
    }
  }

  /// Runs a first-factor sign-in under the lock; a `multi-factor-auth-required` becomes
  /// ``SignIn/secondFactorRequired(_:_:)`` with the challenge the backend stored, read under the same lock.
  func firstFactor(
    _ operation: BackendOperation,
    _ body: (World, Backend) throws(AuthErrorCode) -> ServedSession
  ) throws(AuthErrorCode) -> SignIn {
    try locked(operation) { (world, backend) throws(AuthErrorCode) in
      do throws(AuthErrorCode) {
        return .signedIn(try body(world, backend))
      } catch .multiFactorAuthRequired {
        guard let challenge = backend.takeMFAChallenge(),
          let uid = backend.mfaChallenges[challenge.id]?.uid, let account = backend.account(uid: uid)
        else { throw .multiFactorAuthRequired }
        return .secondFactorRequired(ServedAccount(account), challenge)
      }
    }
  }

  /// `accounts/mfaEnrollment:start` with `phoneEnrollmentInfo`: an SMS code to `phoneNumber`; returns the
  /// verification id (`phoneSessionInfo.sessionInfo`).
  public func startPhoneEnrollment(_ token: IDToken, phoneNumber: String) throws(AuthErrorCode) -> String {
    try locked(.sendVerificationCode) { (_, backend) throws(AuthErrorCode) in
      try backend.startPhoneEnrollment(token, number: phoneNumber)
    }
  }

  /// `accounts/mfaEnrollment:start` with `totpEnrollmentInfo`: a new secret, and the time by which the
  /// enrolment must be finished (`finalizeEnrollmentTime`).
  public func startTOTPEnrollment(_ token: IDToken) throws(AuthErrorCode) -> (
    TOTPEnrollmentStart, finishBy: VirtualTime
  ) {
    try locked(nil) { (world, backend) throws(AuthErrorCode) in
      let start = try backend.startTOTPEnrollment(token)
      return (start, world.now + Backend.mfaSessionTTL)
    }
  }

  /// `accounts/mfaEnrollment:finalize` with `phoneVerificationInfo`: enrolls the number the code went to; every
  /// other session is revoked and the caller gets fresh tokens.
  public func finishPhoneEnrollment(
    _ token: IDToken, verificationID: String, code: String?, displayName: String?
  ) throws(AuthErrorCode) -> ServedSession {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.finishPhoneEnrollment(
        token, verificationID: verificationID, code: code, displayName: displayName)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// `accounts/mfaEnrollment:finalize` with `totpVerificationInfo`: enrolls the authenticator whose code this is.
  public func finishTOTPEnrollment(
    _ token: IDToken, sessionID: String, code: String?, displayName: String?
  ) throws(AuthErrorCode) -> ServedSession {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.finishTOTPEnrollment(
        token, sessionID: sessionID, code: code, displayName: displayName)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// `accounts/mfaEnrollment:withdraw`: removes the factor with this enrolment id; fresh tokens.
  public func withdrawFactor(_ token: IDToken, enrollmentID: String) throws(AuthErrorCode) -> ServedSession {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in
      let (info, tokens) = try backend.withdrawFactor(token, id: enrollmentID)
      return try session(backend, info.uid, tokens, new: false)
    }
  }

  /// `accounts/mfaSignIn:start` for a phone factor: an SMS code to the factor's number; returns the verification
  /// id. A pending credential the backend does not hold is `invalid-multi-factor-session`.
  public func startSecondFactor(pendingCredential: String, enrollmentID: String) throws(AuthErrorCode)
    -> String
  {
    try locked(.sendVerificationCode) { (_, backend) throws(AuthErrorCode) in
      guard backend.mfaChallenges[pendingCredential] != nil else { throw .invalidMultiFactorSession }
      return try backend.startSecondFactor(challenge: pendingCredential, factor: enrollmentID)
    }
  }

  /// `accounts/mfaSignIn:finalize`: the second factor's code completes the sign-in the pending credential
  /// started (a phone factor by its verification, a TOTP factor by its enrolment id). Returns the session and
  /// the factor that answered (the ID token names it).
  public func finishSecondFactor(
    pendingCredential: String, enrollmentID: String?, verificationID: String?, code: String?
  ) throws(AuthErrorCode) -> (ServedSession, MFAEnrollment) {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in
      guard let pending = backend.mfaChallenges[pendingCredential] else { throw .invalidMultiFactorSession }
      let factorID = enrollmentID ?? verificationID.flatMap { pending.verifications[$0] }
      let factor = backend.account(uid: pending.uid)?.mfa.first { $0.id == factorID }
      let (info, tokens) = try backend.finishSecondFactor(
        challenge: pendingCredential, factor: enrollmentID, verificationID: verificationID, code: code)
      guard let factor else { throw .multiFactorInfoNotFound }
      return (try session(backend, info.uid, tokens, new: false), factor)
    }
  }

  /// The code an authenticator shows now for the account's TOTP factor `enrollmentID`, or for a TOTP enrolment
  /// not yet finished (its `sessionInfo`); nil when there is neither. For tests and the control endpoints.
  public func authenticatorCode(_ id: String) -> String? {
    locked { (_, backend) in
      backend.authenticatorCode(factor: id) ?? backend.authenticatorCode(enrollmentSession: id)
    }
  }
}

extension ServedWorld {
  /// The Admin SDK's factor list: replaces the account's second factors with these phone factors (an empty
  /// list removes them all). A number that is not E.164 is `invalid-phone-number`.
  public func setSecondFactors(uid: String, _ factors: [AdminSecondFactor]) throws(AuthErrorCode)
    -> ServedAccount
  {
    try locked(nil) { (_, backend) throws(AuthErrorCode) in
      guard backend.account(uid: uid) != nil else { throw .userNotFound }
      guard factors.allSatisfy({ PhoneNumber.isValid($0.phoneNumber) }) else { throw .invalidPhoneNumber }
      backend.setPhoneFactors(
        uid: uid,
        factors.map {
          AdminPhoneFactor(
            id: $0.enrollmentID, phoneNumber: $0.phoneNumber, displayName: $0.displayName,
            enrolledAt: $0.enrolledAt)
        })
      guard let account = backend.account(uid: uid) else { throw .userNotFound }
      return ServedAccount(account)
    }
  }
}
