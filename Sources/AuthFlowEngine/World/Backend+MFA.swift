import AuthFlowLanguage

extension Backend {
  /// At most this many second factors on one account (production's limit; `maximum-second-factor-count-exceeded`).
  static let maximumSecondFactors = 5
  /// How long a sign-in waits for its second factor, and a TOTP enrolment for its first code, before
  /// `session-expired`. Firebase does not publish it; 10 minutes is a modelling choice.
  static let mfaSessionTTL = VirtualDuration.minutes(10)
  /// Sessions that began with these cannot enroll a second factor (production's ineligible first factors).
  static let ineligibleFirstFactors: Set<ProviderID> = [.anonymous, .phone, .custom]

  // MARK: - Enrolment

  /// **Who may enroll a second factor.** `accounts/mfaEnrollment:start`: the project must allow MFA and this
  /// kind of factor (`mfa` knob; else `operation-not-allowed`); the email must be verified (`unverified-email`:
  /// "the user's email must be verified to enroll a second factor"); the sign-in must be recent
  /// (`requires-recent-login`); an account has at most 5 factors (`maximum-second-factor-count-exceeded`) and a
  /// number or an authenticator once (`second-factor-already-in-use`). Source: Firebase docs, "Add multi-factor
  /// authentication to your iOS app" and "TOTP MFA"; the JS SDK's `MultiFactorUser.enroll` reference. A session
  /// that began anonymously, with a phone number or with a custom token cannot enroll
  /// (`unsupported-first-factor`: "MFA is not available for the given first factor").
  private func checkEnrollment(
    _ account: Account, _ token: IDToken, kind: SecondFactor.Kind, number: String?
  ) throws(AuthErrorCode) {
    guard settings.mfa.enabled, settings.mfa.factors.contains(kind) else { throw .operationNotAllowed }
    if let provider = token.signInProvider, Self.ineligibleFirstFactors.contains(provider) {
      throw .unsupportedFirstFactor
    }
    guard account.email != nil, account.emailVerified else { throw .unverifiedEmail }
    try requireRecentLogin(token)
    if account.mfa.count >= Self.maximumSecondFactors { throw .maximumSecondFactorCountExceeded }
    let enrolled = account.mfa.contains { $0.kind == kind && (kind == .totp || $0.phoneNumber == number) }
    if enrolled { throw .secondFactorAlreadyInUse }
  }

  /// Starts enrolling `number`: after ``checkEnrollment(_:_:kind:number:)``, an SMS code goes to the number as
  /// for phone sign-in (E.164, send limit, test numbers). Returns the verification id.
  func startPhoneEnrollment(_ token: IDToken, number: String) throws(AuthErrorCode) -> String {
    let account = try authorize(token)
    guard PhoneNumber.isValid(number) else { throw .invalidPhoneNumber }
    try checkEnrollment(account, token, kind: .phone, number: number)
    return try sendSMSCode(number: number, for: .enrollment(uid: account.uid))
  }

  /// Starts enrolling an authenticator app: a new 160-bit secret from the seeded generator.
  func startTOTPEnrollment(_ token: IDToken) throws(AuthErrorCode) -> TOTPEnrollmentStart {
    let account = try authorize(token)
    try checkEnrollment(account, token, kind: .totp, number: nil)
    let secret = newTOTPSecret()
    let id = world.identifier(length: 32)
    mfaEnrollments[id] = PendingMFAEnrollment(
      uid: account.uid, kind: .totp, secret: secret, startedAt: world.now)
    return TOTPEnrollmentStart(sessionID: id, secretKey: TOTP.base32(secret))
  }

  /// **Finishing an enrolment.** `accounts/mfaEnrollment:finalize` with the first code (the SMS code, or the
  /// authenticator's code: RFC 6238 at the virtual time, ±5 steps as Identity Platform's `adjacentIntervals`
  /// default): the checks are made again, the factor is added, and **every existing session is revoked** (JS SDK
  /// reference: "On successful enrollment, existing Firebase sessions (refresh tokens) are revoked"); the
  /// enrolling device gets fresh tokens.
  /// `displayName` is the name the user gives the factor (`displayName` of the finalize request), if any.
  func finishPhoneEnrollment(
    _ token: IDToken, verificationID: String, code: String?, displayName: String? = nil
  ) throws(AuthErrorCode) -> (AccountInfo, SessionTokens) {
    let account = try authorize(token)
    let number = try checkPhoneCode(
      verificationID: verificationID, code: code, for: .enrollment(uid: account.uid))
    try checkEnrollment(account, token, kind: .phone, number: number)
    return enroll(account, token, MFAEnrollment.Kind.phone(number), displayName: displayName)
  }

  /// Finishes a TOTP enrolment with the authenticator's code (see the phone form above).
  func finishTOTPEnrollment(
    _ token: IDToken, sessionID: String, code: String?, displayName: String? = nil
  ) throws(AuthErrorCode) -> (AccountInfo, SessionTokens) {
    let account = try authorize(token)
    guard let code, !code.isEmpty else { throw .missingVerificationCode }
    guard let pending = mfaEnrollments[sessionID], pending.uid == account.uid, let secret = pending.secret
    else { throw .invalidVerificationID }
    if world.now - pending.startedAt > Self.mfaSessionTTL { throw .sessionExpired }
    guard TOTP.accepts(code, secret: secret, at: world.now, window: settings.mfa.totpAdjacentIntervals) else {
      throw .invalidVerificationCode
    }
    try checkEnrollment(account, token, kind: .totp, number: nil)
    mfaEnrollments[sessionID] = nil
    return enroll(account, token, .totp(secret), displayName: displayName)
  }

  private func enroll(
    _ account: Account, _ token: IDToken, _ kind: MFAEnrollment.Kind, displayName: String?
  ) -> (AccountInfo, SessionTokens) {
    let enrollment = addFactor(uid: account.uid, kind, displayName: displayName)
    world.log(
      "backend",
      "\(enrollment.kind) second factor enrolled for \(account.email ?? Redactor.shorten(account.uid))")
    revokeSessions(uid: account.uid, reason: "second factor enrolled")
    // The enrolment proved the factor: the new session's tokens name it, as production's do.
    let tokens = issueSession(
      uid: account.uid, authTime: token.authTime, provider: token.signInProvider,
      secondFactor: ProvedFactor(id: enrollment.id, kind: enrollment.kind))
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  /// Adds a factor to the account (enrolment, or `given.accounts[].mfa`), named `displayName` if given.
  @discardableResult
  func addFactor(uid: String, _ kind: MFAEnrollment.Kind, displayName: String? = nil) -> MFAEnrollment {
    var enrollment = MFAEnrollment(
      id: world.identifier(length: 28), kind: .totp, displayName: displayName, enrolledAt: world.now)
    update(uid: uid) { account in
      switch kind {
      case .phone(let number):
        enrollment.kind = .phone
        enrollment.phoneNumber = number
      case .totp(let secret):
        account.totpSecrets[enrollment.id] = secret
      }
      account.mfa.append(enrollment)
    }
    return enrollment
  }

  /// A new TOTP secret: 20 bytes from the seeded generator.
  func newTOTPSecret() -> [UInt8] {
    (0..<20).map { _ in UInt8(truncatingIfNeeded: world.nextRandom()) }
  }

  /// **Unenrolling.** `accounts/mfaEnrollment:withdraw`: needs a recent login (`requires-recent-login`); the
  /// account's (oldest) factor of that kind goes, or `multi-factor-info-not-found`. Sessions are not revoked
  /// (JS SDK reference, `MultiFactorUser.unenroll`); the calling device gets fresh tokens.
  func withdrawFactor(_ token: IDToken, kind: SecondFactor.Kind) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    let account = try authorize(token)
    try requireRecentLogin(token)
    try removeFactor(uid: account.uid, kind: kind)
    let tokens = issueSession(uid: account.uid, authTime: token.authTime, provider: token.signInProvider)
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  /// Removes the account's oldest factor of `kind` (a user's unenrolment, or the Admin SDK's).
  func removeFactor(uid: String, kind: SecondFactor.Kind) throws(AuthErrorCode) {
    guard let factor = accounts[uid]?.mfa.first(where: { $0.kind == kind }) else {
      throw .multiFactorInfoNotFound
    }
    try removeFactor(uid: uid, id: factor.id)
  }

  /// **Unenrolling one factor by its id** (`mfaEnrollmentId`), as `accounts/mfaEnrollment:withdraw` names it:
  /// the same rules as ``withdrawFactor(_:kind:)`` (recent login; sessions kept; fresh tokens for the caller);
  /// an id the account does not have is `multi-factor-info-not-found`.
  func withdrawFactor(_ token: IDToken, id: String) throws(AuthErrorCode) -> (AccountInfo, SessionTokens) {
    let account = try authorize(token)
    try requireRecentLogin(token)
    try removeFactor(uid: account.uid, id: id)
    let tokens = issueSession(uid: account.uid, authTime: token.authTime, provider: token.signInProvider)
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  /// Removes the factor with this enrolment id, or throws `multi-factor-info-not-found`.
  func removeFactor(uid: String, id: String) throws(AuthErrorCode) {
    guard let factor = accounts[uid]?.mfa.first(where: { $0.id == id }) else {
      throw .multiFactorInfoNotFound
    }
    update(uid: uid) { account in
      account.mfa.removeAll { $0.id == factor.id }
      account.totpSecrets[factor.id] = nil
    }
    world.log(
      "backend", "\(factor.kind) second factor removed from \(accounts[uid]?.email ?? Redactor.shorten(uid))")
  }

  /// **The Admin SDK's factor list** (`updateUser(uid, {multiFactor: {enrolledFactors}})`, `createUser` with
  /// factors): the account's factors become `factors`, phone factors only (the Admin SDK cannot enroll an
  /// authenticator), so any TOTP factor goes with its secret. An entry whose id the account has keeps that id;
  /// one without an id gets a new one; `enrolledAt` defaults to the kept factor's, else now; no checks of email, recent login or count are made, as the Admin SDK
  /// is trusted. Sessions are not revoked.
  func setPhoneFactors(uid: String, _ factors: [AdminPhoneFactor]) {
    var enrollments: [MFAEnrollment] = []
    for factor in factors where !enrollments.contains(where: { $0.phoneNumber == factor.phoneNumber }) {
      let existing = factor.id.flatMap { id in accounts[uid]?.mfa.first { $0.id == id } }
      let id = factor.id ?? world.identifier(length: 28)
      enrollments.append(
        MFAEnrollment(
          id: id, kind: .phone, phoneNumber: factor.phoneNumber, displayName: factor.displayName,
          enrolledAt: factor.enrolledAt ?? existing?.enrolledAt ?? world.now))
    }
    update(uid: uid) { account in
      account.mfa = enrollments
      account.totpSecrets = [:]
    }
    world.log(
      "backend",
      "the Admin SDK set \(enrollments.count) second factor(s) on \(accounts[uid]?.email ?? Redactor.shorten(uid))"
    )
  }

  // MARK: - Sign-in

  /// **The second-factor challenge.** A first factor that succeeds (password, identity provider, email link)
  /// for an account with enrolled factors does not sign in: production answers `mfaPendingCredential` and the
  /// factors (`mfaInfo`), which the SDKs report as `multi-factor-auth-required` with a resolver. With the `mfa`
  /// knob off the factors stay enrolled but are not asked for, as in a project whose MFA state is `DISABLED`
  /// (Identity Platform's `MultiFactorAuthConfig.state`: whether MFA "has been enabled for this project"): the
  /// emulator challenges only when it is `ENABLED` or `MANDATORY` (`isMfaEnabled`). Custom tokens are never challenged (they come from the app's own server), nor
  /// is phone sign-in (production refuses a phone first factor for such accounts:
  /// ``requirePhoneFirstFactor(_:)``, whatever the knob says).
  func requireSecondFactor(uid: String, provider: ProviderID?) throws(AuthErrorCode) {
    guard settings.mfa.enabled, let account = accounts[uid], !account.mfa.isEmpty else { return }
    let id = world.identifier(length: 32)
    mfaChallenges[id] = PendingMFASignIn(uid: uid, provider: provider, startedAt: world.now)
    lastMFAChallenge = MFAChallenge(id: id, factors: account.mfa)
    world.log(
      "backend", "\(account.email ?? Redactor.shorten(uid)) has second factors: sign-in waits for one")
    throw .multiFactorAuthRequired
  }

  /// The challenge the last `multi-factor-auth-required` carried; read once by the client that got it.
  func takeMFAChallenge() -> MFAChallenge? {
    defer { lastMFAChallenge = nil }
    return lastMFAChallenge
  }

  private func pendingSignIn(_ id: String) throws(AuthErrorCode) -> PendingMFASignIn {
    guard let pending = mfaChallenges[id] else { throw .invalidVerificationID }
    if world.now - pending.startedAt > Self.mfaSessionTTL { throw .sessionExpired }
    return pending
  }

  /// `accounts/mfaSignIn:start` for a phone factor: an SMS code to the factor's number (send limit and test
  /// numbers as for phone sign-in). Returns the verification id.
  func startSecondFactor(challenge id: String, factor factorID: String) throws(AuthErrorCode) -> String {
    let pending = try pendingSignIn(id)
    guard let factor = accounts[pending.uid]?.mfa.first(where: { $0.id == factorID }),
      let number = factor.phoneNumber
    else { throw .multiFactorInfoNotFound }
    let verificationID = try sendSMSCode(number: number, for: .secondFactor)
    mfaChallenges[id]?.verifications[verificationID] = factor.id
    return verificationID
  }

  /// **Completing the sign-in.** `accounts/mfaSignIn:finalize`: the challenge must be live (`session-expired`
  /// past 10 minutes); a phone factor's code is checked as any SMS code, a TOTP factor's against the secret at
  /// the virtual time (±5 steps); a wrong code may be typed again. Then the session starts, as the first factor
  /// would have started it. A phone factor may be left unnamed (`factor` nil, as the SDKs finalize an SMS
  /// factor): the verification says which factor it was started for.
  func finishSecondFactor(
    challenge id: String, factor factorID: String?, verificationID: String?, code: String?
  ) throws(AuthErrorCode) -> (AccountInfo, SessionTokens) {
    let pending = try pendingSignIn(id)
    let factorID = factorID ?? verificationID.flatMap { pending.verifications[$0] }
    guard let account = accounts[pending.uid], let factor = account.mfa.first(where: { $0.id == factorID })
    else {
      throw .multiFactorInfoNotFound
    }
    if account.disabled { throw .userDisabled }
    switch factor.kind {
    case .phone:
      guard let verificationID, pending.verifications[verificationID] == factor.id else {
        throw .invalidVerificationID
      }
      _ = try checkPhoneCode(verificationID: verificationID, code: code, for: .secondFactor)
    case .totp:
      guard let code, !code.isEmpty else { throw .missingVerificationCode }
      guard let secret = account.totpSecrets[factor.id],
        TOTP.accepts(code, secret: secret, at: world.now, window: settings.mfa.totpAdjacentIntervals)
      else {
        throw .invalidVerificationCode
      }
    }
    mfaChallenges[id] = nil
    let tokens = issueSession(
      uid: account.uid, provider: pending.provider,
      secondFactor: ProvedFactor(id: factor.id, kind: factor.kind))
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  /// Every enrolled authenticator (TOTP factor), account by account in creation order, with the code it shows
  /// now: what `serve` lists for a client that never saw a seeded factor's secret.
  package func authenticatorCodes() -> [(uid: String, email: String?, factorID: String, code: String)] {
    uids.flatMap { uid -> [(uid: String, email: String?, factorID: String, code: String)] in
      guard let account = accounts[uid] else { return [] }
      return account.mfa.compactMap { factor in
        account.totpSecrets[factor.id].map {
          (uid, account.email, factor.id, TOTP.code(secret: $0, at: world.now))
        }
      }
    }
  }

  /// The code the user's authenticator app shows now for the TOTP factor `factorID` (what `enter_code` types).
  package func authenticatorCode(factor factorID: String) -> String? {
    for uid in uids {
      if let secret = accounts[uid]?.totpSecrets[factorID] { return TOTP.code(secret: secret, at: world.now) }
    }
    return nil
  }
}

extension MFAEnrollment {
  /// What enrolment adds: a number, or an authenticator's secret.
  enum Kind {
    case phone(String)
    case totp([UInt8])
  }
}

extension Backend {
  /// The code the authenticator shows now for the secret of a TOTP enrolment not yet finished.
  package func authenticatorCode(enrollmentSession id: String) -> String? {
    mfaEnrollments[id]?.secret.map { TOTP.code(secret: $0, at: world.now) }
  }
}
