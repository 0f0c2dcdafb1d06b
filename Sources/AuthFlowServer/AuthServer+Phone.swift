import AuthFlowEngine
import AuthFlowLanguage

/// Phone sign-in: `accounts:sendVerificationCode` and `accounts:signInWithPhoneNumber`.
extension AuthServer {
  /// How long a temporary proof works, as the service announces it (`temporaryProofExpiresIn`, seconds).
  static let temporaryProofExpiresIn = "3600"

  /// `accounts:sendVerificationCode {phoneNumber, recaptchaToken?, iosReceipt?, …}` → `{sessionInfo}`. What proves
  /// the app (reCAPTCHA, an iOS receipt) is not checked, as the emulator does not check it. A missing number is
  /// `INVALID_PHONE_NUMBER`, as production answers (the emulator notes it), not `MISSING_PHONE_NUMBER`.
  func sendVerificationCode(_ call: Call) throws -> JSON {
    let request = try call.decode(SendVerificationCodeRequest.self)
    let sessionInfo = try backend { () throws(AuthErrorCode) in
      try world.sendVerificationCode(phoneNumber: request.phoneNumber ?? "")
    }
    // A tenant's session signs in to that tenant even from a request that does not name it.
    tokens.remember(credential: sessionInfo, tenant: tenantID)
    return ["sessionInfo": .string(sessionInfo)]
  }

  /// `accounts:signInWithPhoneNumber {sessionInfo, code}`: signs in (or up) with the number; with `idToken`,
  /// links it (`operation: UPDATE`: replaces the account's number); `operation: REAUTH` re-authenticates the
  /// number's account and never makes one. With `temporaryProof` and `phoneNumber` in place of the code: the same with a proven number. A
  /// `sessionInfo` or proof a tenant issued finds that tenant when the request names none.
  func signInWithPhoneNumber(_ call: Call) throws -> JSON {
    let request = try call.decode(SignInWithPhoneNumberRequest.self)
    // A name `VerifyOp` does not have is refused as Google's front end refuses it: a mistyped `REAUTH` would
    // otherwise sign up a new account.
    if let operation = request.operation, !PhoneOperation.names.contains(operation.name) {
      throw ServiceError.badJSON(
        "Invalid value at 'operation' (TYPE_ENUM), \"\(operation.name.prefix(64))\"")
    }
    if let proof = request.temporaryProof, !proof.isEmpty { return try signInWithProof(request, proof) }
    guard let sessionInfo = request.sessionInfo, !sessionInfo.isEmpty else {
      throw ServiceError.missing("SESSION_INFO")
    }
    guard let code = request.code, !code.isEmpty else { throw ServiceError.missing("CODE") }
    if request.operation?.name == "REAUTH" {
      // The SDK checks the uid it gets back against its user; the service only says whether the number has an
      // account.
      switch Result(catching: { () throws(AuthErrorCode) in
        try world.reauthenticateWithPhone(verificationID: sessionInfo, code: code)
      }) {
      case .success(let session): return phoneSessionJSON(session, provider: "phone")
      // Production names the missing user as it does to the Admin SDK (the SDKs read it as a deleted user).
      case .failure(.userNotFound): throw ServiceError("USER_NOT_FOUND")
      case .failure(let code):
        throw ServiceError(code, passwordMinLength: world.settings.passwordMinLength)
      }
    }
    if let idToken = request.idToken {
      let token = try self.idToken(idToken)
      let update = request.operation?.name == "UPDATE"
      let link = try backend { () throws(AuthErrorCode) in
        update
          ? try world.updatePhone(token, verificationID: sessionInfo, code: code)
          : try world.linkPhone(token, verificationID: sessionInfo, code: code)
      }
      switch link {
      case .linked(let session):
        return phoneSessionJSON(session, provider: "phone")
      case .numberInUse(let number, let proof):
        tokens.remember(credential: proof, tenant: tenantID)
        // Not an error: a 200 with a proof of the number, which the SDKs raise as credential-already-in-use
        // (iOS) or account-exists-with-different-credential (web), carrying the proof as a credential.
        return [
          "phoneNumber": .string(number), "temporaryProof": .string(proof),
          "temporaryProofExpiresIn": .string(Self.temporaryProofExpiresIn),
        ]
      }
    }
    let session = try backend { () throws(AuthErrorCode) in
      try world.signInWithPhone(verificationID: sessionInfo, code: code)
    }
    return phoneSessionJSON(session, provider: "phone")
  }

  /// `signInWithPhoneNumber {temporaryProof, phoneNumber, idToken?}`: a link the proof cannot make (the number is
  /// another account's) is `PHONE_NUMBER_EXISTS`, as production answers; no second proof.
  private func signInWithProof(_ request: SignInWithPhoneNumberRequest, _ proof: String) throws -> JSON {
    guard let number = request.phoneNumber, !number.isEmpty else {
      throw ServiceError.missing("PHONE_NUMBER")
    }
    guard let idToken = request.idToken else {
      let session = try backend { () throws(AuthErrorCode) in
        try world.signInWithPhone(temporaryProof: proof, phoneNumber: number)
      }
      return phoneSessionJSON(session, provider: "phone")
    }
    let token = try self.idToken(idToken)
    do throws(AuthErrorCode) {
      let session = try world.linkPhone(token, temporaryProof: proof, phoneNumber: number)
      return phoneSessionJSON(session, provider: "phone")
    } catch .credentialAlreadyInUse {
      throw ServiceError("PHONE_NUMBER_EXISTS")
    } catch {
      throw ServiceError(error, passwordMinLength: world.settings.passwordMinLength)
    }
  }

  /// A phone sign-in's answer: the tokens, `localId`, `isNewUser` and the number (no `kind`, as the service
  /// answers this endpoint).
  private func phoneSessionJSON(_ session: ServedSession, provider: String) -> JSON {
    var json = sessionJSON(session, kind: "VerifyPhoneNumberResponse", provider: provider)
    json["kind"] = nil
    json["isNewUser"] = .bool(session.isNewUser)
    json["phoneNumber"] = .optional(session.account.phoneNumber)
    return .object(json)
  }
}
