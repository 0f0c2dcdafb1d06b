import AuthFlowEngine
import AuthFlowLanguage

/// Multi-factor authentication: the Identity Toolkit v2 endpoints (`accounts/mfaEnrollment:*`,
/// `accounts/mfaSignIn:*`), the second-factor answer of a first-factor sign-in, and `mfaInfo` in user records.
extension AuthServer {
  /// `/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:X` and `…/accounts/mfaSignIn:X` (also under
  /// `projects/{id}/`).
  func identityToolkitV2(_ call: Call, _ parts: [String]) throws -> JSON {
    if parts == ["recaptchaConfig"] {
      try require("GET", call)
      // reCAPTCHA Enterprise is off for every provider: the iOS SDK asks before a phone sign-in, and serve
      // checks no app.
      let off: [JSON] = ["EMAIL_PASSWORD_PROVIDER", "PHONE_PROVIDER"].map {
        ["provider": .string($0), "enforcementState": "OFF"]
      }
      return ["recaptchaEnforcementState": .array(off)]
    }
    var rest = parts
    var pathTenant: String?
    if rest.first == "projects", rest.count >= 3 {
      rest = Array(rest.dropFirst(2))
      // The project's configuration (`updateConfig`), the part of it serve models; Admin callers only.
      if rest == ["config"] {
        try requireOwner(call)
        return try projectConfig(call)
      }
      if rest.first == "tenants" {
        // Tenant management (Admin callers only), or a tenant's MFA endpoints (`tenants/{id}/accounts/mfa…`),
        // which clients call.
        guard rest.count == 4, rest[2] == "accounts" else {
          try requireOwner(call)
          return try tenantManagement(call, Array(rest.dropFirst()))
        }
        pathTenant = rest[1]
        rest = Array(rest.dropFirst(2))
      }
    }
    guard rest.count == 2, rest[0] == "accounts" else { throw ServiceError.notFound }
    try require("POST", call)
    return try scoped(call, pathTenant: pathTenant).mfaEndpoint(call, rest[1])
  }

  /// One `/v2/accounts/…` endpoint, served by the server of the request's tenant (or the project's).
  private func mfaEndpoint(_ call: Call, _ endpoint: String) throws -> JSON {
    // With MFA off (the `mfa` knob, a tenant's `mfaConfig`), or on with no kind of factor allowed, starting or
    // finishing a second factor is refused before the request is read, as the emulator refuses it;
    // withdrawing one is still allowed.
    if endpoint != "mfaEnrollment:withdraw", !world.settings.mfa.enabled {
      throw ServiceError("OPERATION_NOT_ALLOWED : Multi-factor authentication is not enabled.")
    }
    // On, but with no kind of factor allowed (a tenant's `mfaConfig` that names no provider).
    if endpoint != "mfaEnrollment:withdraw", world.settings.mfa.factors.isEmpty {
      throw ServiceError("OPERATION_NOT_ALLOWED : No second factor is enabled.")
    }
    switch endpoint {
    case "mfaEnrollment:start": return try startMFAEnrollment(call)
    case "mfaEnrollment:finalize": return try finalizeMFAEnrollment(call)
    case "mfaEnrollment:withdraw": return try withdrawMFA(call)
    case "mfaSignIn:start": return try startMFASignIn(call)
    case "mfaSignIn:finalize": return try finalizeMFASignIn(call)
    default: throw ServiceError.notFound
    }
  }

  /// A first factor's answer for an account with second factors, as production gives it: no tokens, the pending
  /// credential and the factors (phone numbers masked), with the account's `localId`, `email` and `displayName`.
  /// The server remembers the credential's tenant, so `mfaSignIn:start|finalize` find it unnamed.
  func mfaPendingJSON(_ signIn: ServedWorld.SignIn, kind: String) -> [String: JSON] {
    guard case .secondFactorRequired(let account, let challenge) = signIn else { return [:] }
    // The credential says which tenant issued it: the follow-up need not name it.
    tokens.remember(credential: challenge.id, tenant: tenantID)
    return [
      "kind": .string("identitytoolkit#\(kind)"), "localId": .string(account.uid),
      "email": .optional(account.email), "displayName": .optional(account.displayName),
      "mfaPendingCredential": .string(challenge.id),
      "mfaInfo": .array(challenge.factors.map { factorJSON($0, masked: true) }),
    ]
  }

  /// `accounts/mfaEnrollment:start {idToken, phoneEnrollmentInfo: {phoneNumber}}` → `{phoneSessionInfo:
  /// {sessionInfo}}`, or `{idToken, totpEnrollmentInfo: {}}` → `{totpSessionInfo: {sharedSecretKey, …}}`.
  func startMFAEnrollment(_ call: Call) throws -> JSON {
    let request = try call.decode(MFAEnrollmentStartRequest.self)
    guard let idToken = request.idToken, !idToken.isEmpty else { throw ServiceError.missing("ID_TOKEN") }
    let token = try self.idToken(idToken)
    if let phone = request.phoneEnrollmentInfo {
      let started = Result { () throws(AuthErrorCode) in
        try world.startPhoneEnrollment(token, phoneNumber: phone.phoneNumber ?? "")
      }
      switch started {
      case .success(let sessionInfo): return ["phoneSessionInfo": ["sessionInfo": .string(sessionInfo)]]
      case .failure(.secondFactorAlreadyInUse):
        // For a number, the service says which kind of factor is there already.
        throw ServiceError(
          "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.")
      case .failure(let code): throw ServiceError(code, context: .mfaEnrollment)
      }
    }
    guard request.totpEnrollmentInfo != nil else {
      throw ServiceError.invalidArgument("phoneEnrollmentInfo or totpEnrollmentInfo is required")
    }
    let (start, finishBy) = try backend(.mfaEnrollment) { () throws(AuthErrorCode) in
      try world.startTOTPEnrollment(token)
    }
    return [
      "totpSessionInfo": [
        "sharedSecretKey": .string(start.secretKey), "verificationCodeLength": 6, "hashingAlgorithm": "SHA1",
        "periodSec": 30, "sessionInfo": .string(start.sessionID),
        "finalizeEnrollmentTime": .string(finishBy.description),
      ]
    ]
  }

  /// `accounts/mfaEnrollment:finalize {idToken, phoneVerificationInfo: {sessionInfo, code} |
  /// totpVerificationInfo: {sessionInfo, verificationCode}, displayName?}` → `{idToken, refreshToken}`.
  func finalizeMFAEnrollment(_ call: Call) throws -> JSON {
    let request = try call.decode(MFAEnrollmentFinalizeRequest.self)
    guard let idToken = request.idToken, !idToken.isEmpty else { throw ServiceError.missing("ID_TOKEN") }
    let token = try self.idToken(idToken)
    let name = request.displayName.flatMap { $0.isEmpty ? nil : $0 }
    let session: ServedSession
    if let phone = request.phoneVerificationInfo {
      guard let code = phone.code, !code.isEmpty else { throw ServiceError.missing("CODE") }
      guard let sessionInfo = phone.sessionInfo, !sessionInfo.isEmpty else {
        throw ServiceError.missing("SESSION_INFO")
      }
      session = try backend(.mfaEnrollment) { () throws(AuthErrorCode) in
        try world.finishPhoneEnrollment(token, verificationID: sessionInfo, code: code, displayName: name)
      }
    } else if let totp = request.totpVerificationInfo {
      guard let sessionInfo = totp.sessionInfo, !sessionInfo.isEmpty else {
        throw ServiceError.missing("SESSION_INFO")
      }
      session = try backend(.mfaEnrollment) { () throws(AuthErrorCode) in
        try world.finishTOTPEnrollment(
          token, sessionID: sessionInfo, code: totp.verificationCode, displayName: name)
      }
    } else {
      throw ServiceError.invalidArgument("phoneVerificationInfo or totpVerificationInfo is required")
    }
    // The enrolling session has just proved the new factor, as the emulator's tokens say.
    return tokensJSON(session, secondFactor: session.account.mfa.last)
  }

  /// `accounts/mfaEnrollment:withdraw {idToken, mfaEnrollmentId}` → `{idToken, refreshToken}`.
  func withdrawMFA(_ call: Call) throws -> JSON {
    let request = try call.decode(MFAWithdrawRequest.self)
    guard let idToken = request.idToken, !idToken.isEmpty else { throw ServiceError.missing("ID_TOKEN") }
    let token = try self.idToken(idToken)
    let session = try backend { () throws(AuthErrorCode) in
      try world.withdrawFactor(token, enrollmentID: request.mfaEnrollmentId ?? "")
    }
    return tokensJSON(session)
  }

  /// `accounts/mfaSignIn:start {mfaPendingCredential, mfaEnrollmentId, phoneSignInInfo}` →
  /// `{phoneResponseInfo: {sessionInfo}}`: an SMS code to the phone factor's number.
  func startMFASignIn(_ call: Call) throws -> JSON {
    let request = try call.decode(MFASignInStartRequest.self)
    guard let pending = request.mfaPendingCredential, !pending.isEmpty else {
      throw ServiceError("MISSING_MFA_PENDING_CREDENTIAL")
    }
    guard let id = request.mfaEnrollmentId, !id.isEmpty else {
      throw ServiceError("MISSING_MFA_ENROLLMENT_ID")
    }
    let sessionInfo = try backend { () throws(AuthErrorCode) in
      try world.startSecondFactor(pendingCredential: pending, enrollmentID: id)
    }
    return ["phoneResponseInfo": ["sessionInfo": .string(sessionInfo)]]
  }

  /// `accounts/mfaSignIn:finalize {mfaPendingCredential, phoneVerificationInfo: {sessionInfo, code}}` or
  /// `{mfaPendingCredential, mfaEnrollmentId, totpVerificationInfo: {verificationCode}}` → `{idToken,
  /// refreshToken}`: the sign-in the first factor started, as that first factor (`sign_in_provider`).
  func finalizeMFASignIn(_ call: Call) throws -> JSON {
    let request = try call.decode(MFASignInFinalizeRequest.self)
    // MISSING_CREDENTIAL here, MISSING_MFA_PENDING_CREDENTIAL at the start: production's own inconsistency.
    guard let pending = request.mfaPendingCredential, !pending.isEmpty else {
      throw ServiceError("MISSING_CREDENTIAL")
    }
    let enrollmentID = request.mfaEnrollmentId.flatMap { $0.isEmpty ? nil : $0 }
    let session: (ServedSession, MFAEnrollment)
    if let phone = request.phoneVerificationInfo {
      guard let code = phone.code, !code.isEmpty else { throw ServiceError.missing("CODE") }
      guard let sessionInfo = phone.sessionInfo, !sessionInfo.isEmpty else {
        throw ServiceError.missing("SESSION_INFO")
      }
      session = try backend { () throws(AuthErrorCode) in
        try world.finishSecondFactor(
          pendingCredential: pending, enrollmentID: enrollmentID, verificationID: sessionInfo, code: code)
      }
    } else if let totp = request.totpVerificationInfo {
      guard let enrollmentID else { throw ServiceError("MISSING_MFA_ENROLLMENT_ID") }
      session = try backend { () throws(AuthErrorCode) in
        try world.finishSecondFactor(
          pendingCredential: pending, enrollmentID: enrollmentID, verificationID: nil,
          code: totp.verificationCode)
      }
    } else {
      throw ServiceError.invalidArgument("phoneVerificationInfo or totpVerificationInfo is required")
    }
    return tokensJSON(session.0, secondFactor: session.1)
  }

  /// `{idToken, refreshToken}`, as the v2 MFA endpoints answer; the ID token keeps the session's sign-in method
  /// and names the second factor it proved (`sign_in_second_factor`, `second_factor_identifier`), if any.
  private func tokensJSON(_ session: ServedSession, secondFactor: MFAEnrollment? = nil) -> JSON {
    let provider = session.tokens.idToken.signInProvider?.rawValue ?? "password"
    let jwt = tokens.issue(
      session.tokens.idToken, refreshToken: session.tokens.refreshToken,
      provider: provider, secondFactor: secondFactor.map { ($0.id, $0.kind.rawValue) }, tenant: tenantID)
    return ["idToken": .string(jwt), "refreshToken": .string(session.tokens.refreshToken)]
  }
}

/// One `mfaInfo` entry: `{mfaEnrollmentId, displayName?, enrolledAt, phoneInfo | totpInfo: {}}`. A sign-in's
/// answer masks the number as production does (every digit but the last four is `*`); a user record does not,
/// and repeats it as `unobfuscatedPhoneInfo`.
func factorJSON(_ factor: MFAEnrollment, masked: Bool) -> JSON {
  var json: [String: JSON] = [
    "mfaEnrollmentId": .string(factor.id), "enrolledAt": .string(factor.enrolledAt.description),
  ]
  if let name = factor.displayName { json["displayName"] = .string(name) }
  switch factor.kind {
  case .phone:
    let number = factor.phoneNumber ?? ""
    json["phoneInfo"] = .string(masked ? maskedPhoneNumber(number) : number)
    // A user record also carries the number under production's output-only name for it.
    if !masked { json["unobfuscatedPhoneInfo"] = .string(number) }
  case .totp:
    json["totpInfo"] = .object([:])
  }
  return .object(json)
}

/// A number with every digit but the last four replaced by `*` (`+15555550100` → `+*******0100`), as production
/// shows an enrolled number to a signing-in user who has not yet proved the second factor.
func maskedPhoneNumber(_ number: String) -> String {
  var digits = 0
  var masked: [Character] = []
  for character in number.reversed() {
    if character.isASCII, character.isNumber {
      digits += 1
      masked.append(digits > 4 ? "*" : character)
    } else {
      masked.append(character)
    }
  }
  return String(masked.reversed())
}
