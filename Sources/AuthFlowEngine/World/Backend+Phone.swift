import AuthFlowLanguage

/// A phone verification `sendVerificationCode` started: the number, the code it expects, when it began.
struct PhoneVerification {
  var number: String
  var code: String
  var createdAt: VirtualTime
  var used = false
  /// The temporary proof a `credential-already-in-use` answer handed out for this verification's number (the
  /// number belongs to another account): signing in with it reaches that account once, without a new code.
  var temporaryProof: String?
  /// What the code was sent for: a verification answers only the call it was started for.
  var purpose: Purpose = .firstFactor

  /// What an SMS code is for.
  enum Purpose: Equatable {
    /// Signing in, linking, updating or re-authenticating with the number (`sendVerificationCode`).
    case firstFactor
    /// Enrolling the number as a second factor of the account `uid` (`mfaEnrollment:start`).
    case enrollment(uid: String)
    /// Answering a second-factor challenge (`mfaSignIn:start`).
    case secondFactor
  }
}

extension Backend {
  /// **Sending an SMS code.** `accounts:sendVerificationCode` (iOS `verifyPhoneNumber`): phone sign-in must be
  /// enabled (`operation-not-allowed`); the number must be E.164 (`invalid-phone-number`). A number listed in
  /// `test_phone_numbers` (the console's "Phone numbers for testing") gets no SMS and expects its fixed code, and
  /// no send limit applies to it. Any other number gets a six-digit code by SMS, at most `sms_send_limit` (5 an
  /// hour) to one number, past which production answers `too-many-requests`. Returns the verification id
  /// (`sessionInfo`) the app keeps to complete the sign-in.
  func sendVerificationCode(number: String) throws(AuthErrorCode) -> String {
    try requireMethod("phone")
    guard PhoneNumber.isValid(number) else { throw .invalidPhoneNumber }
    try requirePhoneFirstFactor(account(phoneNumber: number))
    return try sendSMSCode(number: number)
  }

  /// **A phone number is never the first factor of an account with second factors.** Production refuses to
  /// send a sign-in code to such an account's number, to sign in to it with one, and to give it a number by
  /// linking or updating: `unsupported-first-factor` ("A phone number cannot be set as a first factor on an SMS
  /// based MFA user", Identity Toolkit's `UNSUPPORTED_FIRST_FACTOR`; the emulator answers the same).
  func requirePhoneFirstFactor(_ account: Account?) throws(AuthErrorCode) {
    guard let account, !account.mfa.isEmpty else { return }
    world.log(
      "backend", "\(account.email ?? Redactor.shorten(account.uid)) has second factors: no phone first factor"
    )
    throw .unsupportedFirstFactor
  }

  /// Sends an SMS code to `number` (E.164 already checked) for `purpose`: a test number's fixed code, or a new
  /// one within the send limit. Shared by phone sign-in and SMS second factors. Returns the verification id.
  func sendSMSCode(number: String, for purpose: PhoneVerification.Purpose = .firstFactor)
    throws(AuthErrorCode)
    -> String
  {
    try requireMethod("phone")
    if let fixed = settings.testPhoneNumbers[number] {
      let id = world.identifier(length: 32)
      phoneVerifications[id] = PhoneVerification(
        number: number, code: fixed, createdAt: world.now, purpose: purpose)
      world.log("backend", "\(number) is a test number: no SMS, its fixed code works")
      return id
    }
    let windowStart = world.now - settings.smsSendLimit.per
    let recent = (smsSends[number] ?? []).filter { $0 > windowStart }
    if recent.count >= settings.smsSendLimit.count { throw .tooManyRequests }
    smsSends[number] = recent + [world.now]
    let id = world.identifier(length: 32)
    let digits = String(world.nextRandom() % 1_000_000)
    let code = String(repeating: "0", count: 6 - digits.count) + digits
    phoneVerifications[id] = PhoneVerification(
      number: number, code: code, createdAt: world.now, purpose: purpose)
    world.smsOutbox.deliver(
      SMSOutbox.Message(to: number, code: code, sentAt: world.now, verificationID: id))
    world.log("sms", "code to \(number): ••••••")
    return id
  }

  /// **Checking an SMS code.** No code → `missing-verification-code`; a verification id never issued, already
  /// used, or started for something else (an enrolment's or a second-factor challenge's at a phone sign-in, or
  /// another account's enrolment: production's session info says what it was issued for) →
  /// `invalid-verification-id`; older than `sms_code_ttl` (Firebase does not publish the lifetime; 5 minutes by
  /// default) → `session-expired`; a wrong code → `invalid-verification-code`, and the user may type again. A
  /// right code uses the verification up. Returns the verified number.
  func checkPhoneCode(
    verificationID: String, code: String?, for purpose: PhoneVerification.Purpose = .firstFactor
  ) throws(AuthErrorCode) -> String {
    guard let code, !code.isEmpty else { throw .missingVerificationCode }
    guard let verification = phoneVerifications[verificationID], !verification.used,
      verification.purpose == purpose
    else {
      throw .invalidVerificationID
    }
    if world.now - verification.createdAt > settings.smsCodeTTL { throw .sessionExpired }
    guard verification.code == code else { throw .invalidVerificationCode }
    phoneVerifications[verificationID]?.used = true
    return verification.number
  }

  /// **Phone sign-in.** `accounts:signInWithPhoneNumber` with `sessionInfo` and `code`: after
  /// ``checkPhoneCode(verificationID:code:)``, the account with that number signs in (a disabled one →
  /// `user-disabled`), or a new account is made with only the number (`phone` provider, no email).
  func signInWithPhone(verificationID: String, code: String?) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens, isNewUser: Bool
  ) {
    try requireMethod("phone")
    let number = try checkPhoneCode(verificationID: verificationID, code: code)
    return try signInWithVerifiedPhone(number)
  }

  /// **Phone sign-in with a temporary proof.** `accounts:signInWithPhoneNumber` with `temporaryProof` and
  /// `phoneNumber`, as the SDKs send the credential a refused link handed back (iOS's `credentialAlreadyInUse`
  /// carries it): the proof stands for a code already checked, so it signs in to the number's account as a code
  /// would. A proof never issued, issued for another number, or past its hour → `invalid-temporary-proof`.
  func signInWithPhone(temporaryProof: String, number: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens, isNewUser: Bool
  ) {
    try requireMethod("phone")
    try checkTemporaryProof(temporaryProof, number: number)
    let signedIn = try signInWithVerifiedPhone(number)
    temporaryProofs[temporaryProof] = nil
    return signedIn
  }

  /// Signs in to the account with `number`, or makes one with only the number; the number is verified.
  private func signInWithVerifiedPhone(_ number: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens, isNewUser: Bool
  ) {
    if let existing = account(phoneNumber: number) {
      if existing.disabled { throw .userDisabled }
      try requirePhoneFirstFactor(existing)
      let tokens = issueSession(uid: existing.uid, provider: .phone)
      return (accounts[existing.uid]?.info ?? existing.info, tokens, false)
    }
    var account = newAccount(email: nil)
    account.phoneNumber = number
    let (info, tokens) = createSignedIn(
      account, line: "account for \(number) created (uid \(Redactor.shorten(account.uid)))", provider: .phone)
    return (info, tokens, true)
  }

  /// **Linking a phone number.** `accounts:signInWithPhoneNumber` with an `idToken` too: an account that
  /// already has a number → `provider-already-linked`; after the code checks out, a number another account has
  /// → `credential-already-in-use` (the app may sign in to that account instead, with the temporary proof that
  /// answer carries: ``temporaryProof(forVerificationID:)``). Otherwise the account gains
  /// the number (a guest is upgraded, same uid). No recent login is asked for.
  func linkPhone(_ token: IDToken, verificationID: String, code: String?) throws(AuthErrorCode) -> AccountInfo
  {
    let account = try authorize(token)
    try requireMethod("phone")
    if account.phoneNumber != nil { throw .providerAlreadyLinked }
    try requirePhoneFirstFactor(account)
    let number = try checkPhoneCode(verificationID: verificationID, code: code)
    return try linkVerifiedPhone(number, to: account, verificationID: verificationID)
  }

  /// **Linking with a temporary proof.** As ``linkPhone(_:verificationID:code:)``, with a proof
  /// (``signInWithPhone(temporaryProof:number:)``) in place of the code.
  func linkPhone(_ token: IDToken, temporaryProof: String, number: String) throws(AuthErrorCode)
    -> AccountInfo
  {
    let account = try authorize(token)
    try requireMethod("phone")
    if account.phoneNumber != nil { throw .providerAlreadyLinked }
    try requirePhoneFirstFactor(account)
    try checkTemporaryProof(temporaryProof, number: number)
    let linked = try linkVerifiedPhone(number, to: account, verificationID: nil)
    temporaryProofs[temporaryProof] = nil
    return linked
  }

  private func linkVerifiedPhone(_ number: String, to account: Account, verificationID: String?)
    throws(AuthErrorCode) -> AccountInfo
  {
    if let owner = self.account(phoneNumber: number), owner.uid != account.uid {
      throw numberInUse(verificationID: verificationID)
    }
    update(uid: account.uid) {
      $0.phoneNumber = number
      $0.anonymous = false
    }
    world.log("backend", "\(number) linked to \(account.email ?? "uid \(Redactor.shorten(account.uid))")")
    return accounts[account.uid]?.info ?? account.info
  }

  /// **Changing the phone number.** `accounts:signInWithPhoneNumber` with an `idToken` and `operation: UPDATE`
  /// (iOS `updatePhoneNumber`): a sensitive operation, so a sign-in older than `recent_login` →
  /// `requires-recent-login`, checked before the code so the code stays usable after re-authenticating. After
  /// the code checks out, a number another account has → `credential-already-in-use` (with a temporary proof,
  /// as for linking); otherwise the number replaces the account's, or becomes its first (a guest is upgraded,
  /// same uid). The account's sessions stay.
  func updatePhone(_ token: IDToken, verificationID: String, code: String?) throws(AuthErrorCode)
    -> AccountInfo
  {
    let account = try authorize(token)
    try requireMethod("phone")
    try requirePhoneFirstFactor(account)
    try requireRecentLogin(token)
    let number = try checkPhoneCode(verificationID: verificationID, code: code)
    if let owner = self.account(phoneNumber: number), owner.uid != account.uid {
      throw numberInUse(verificationID: verificationID)
    }
    record(.sensitiveOperation(.changePhone, uid: account.uid, authTime: token.authTime, at: world.now))
    update(uid: account.uid) {
      $0.phoneNumber = number
      $0.anonymous = false
    }
    world.log("backend", "phone number of \(account.email ?? "uid \(Redactor.shorten(account.uid))") changed")
    return accounts[account.uid]?.info ?? account.info
  }

  /// **Re-authenticating with a phone number.** `accounts:signInWithPhoneNumber` with `operation: REAUTH`: after
  /// the code checks out, the number must belong to an account (`user-not-found`: a re-authentication never
  /// makes one), to the signed-in one (`user-mismatch`), not disabled (`user-disabled`). A new session starts,
  /// so the recent-login window restarts. With `uid` nil (the REST call, which names no user: the SDK compares
  /// the uid itself) any account with the number is re-authenticated.
  func reauthenticatePhone(verificationID: String, code: String?, uid: String?) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens
  ) {
    try requireMethod("phone")
    let number = try checkPhoneCode(verificationID: verificationID, code: code)
    guard let owner = account(phoneNumber: number) else { throw .userNotFound }
    guard uid == nil || owner.uid == uid else { throw .userMismatch }
    if owner.disabled { throw .userDisabled }
    try requirePhoneFirstFactor(owner)
    let tokens = issueSession(uid: owner.uid, provider: .phone)
    return (accounts[owner.uid]?.info ?? owner.info, tokens)
  }

  /// `credential-already-in-use` for a verified number another account has; the verification keeps a temporary
  /// proof, as production's answer carries `temporaryProof` and `phoneNumber`. The proof is derived from the
  /// verification id, so handing it out draws nothing from the world's random stream.
  private func numberInUse(verificationID: String?) -> AuthErrorCode {
    guard let verificationID, let number = phoneVerifications[verificationID]?.number else {
      return .credentialAlreadyInUse
    }
    let proof = "proof." + verificationID
    phoneVerifications[verificationID]?.temporaryProof = proof
    temporaryProofs[proof] = (number, world.now)
    world.log("backend", "\(number) belongs to another account: a temporary proof instead of a link")
    return .credentialAlreadyInUse
  }

  /// The number and temporary proof a `credential-already-in-use` answer for this verification carried; nil
  /// when it carried none.
  func temporaryProof(forVerificationID verificationID: String) -> (number: String, proof: String)? {
    guard let verification = phoneVerifications[verificationID], let proof = verification.temporaryProof
    else {
      return nil
    }
    return (verification.number, proof)
  }

  /// How long a temporary proof works: the hour production announces with it (`temporaryProofExpiresIn`).
  static let temporaryProofLifetime = VirtualDuration.hours(1)

  /// A proof works for its number within its hour, and is spent by the sign-in or link it makes; else
  /// `invalid-temporary-proof` (whether it works twice is not published: a modelling choice).
  private func checkTemporaryProof(_ proof: String, number: String) throws(AuthErrorCode) {
    guard let issued = temporaryProofs[proof], issued.number == number,
      world.now - issued.issuedAt <= Self.temporaryProofLifetime
    else { throw .invalidTemporaryProof }
  }

  /// The account whose phone number is `number`, if any (oldest first).
  func account(phoneNumber number: String) -> Account? {
    uids.lazy.compactMap { self.accounts[$0] }.first { $0.phoneNumber == number }
  }
}
