import AuthFlowLanguage

/// A phone verification `sendVerificationCode` started: the number, the code it expects, when it began.
struct PhoneVerification {
  var number: String
  var code: String
  var createdAt: VirtualTime
  var used = false
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
    if let fixed = settings.testPhoneNumbers[number] {
      let id = world.identifier(length: 32)
      phoneVerifications[id] = PhoneVerification(number: number, code: fixed, createdAt: world.now)
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
    phoneVerifications[id] = PhoneVerification(number: number, code: code, createdAt: world.now)
    world.smsOutbox.deliver(
      SMSOutbox.Message(to: number, code: code, sentAt: world.now, verificationID: id))
    world.log("sms", "code to \(number): ••••••")
    return id
  }

  /// **Checking an SMS code.** No code → `missing-verification-code`; a verification id never issued or
  /// already used → `invalid-verification-id`; older than `sms_code_ttl` (Firebase does not publish the
  /// lifetime; 5 minutes by default) → `session-expired`; a wrong code → `invalid-verification-code`, and the
  /// user may type again. A right code uses the verification up. Returns the verified number.
  func checkPhoneCode(verificationID: String, code: String?) throws(AuthErrorCode) -> String {
    guard let code, !code.isEmpty else { throw .missingVerificationCode }
    guard let verification = phoneVerifications[verificationID], !verification.used else {
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
    return try signInWithVerifiedPhone(number)
  }

  /// Signs in to the account with `number`, or makes one with only the number; the number is verified.
  private func signInWithVerifiedPhone(_ number: String) throws(AuthErrorCode) -> (
    AccountInfo, SessionTokens, isNewUser: Bool
  ) {
    if let existing = account(phoneNumber: number) {
      if existing.disabled { throw .userDisabled }
      let tokens = issueSession(uid: existing.uid, provider: .phone)
      return (accounts[existing.uid]?.info ?? existing.info, tokens, false)
    }
    var account = newAccount(email: nil)
    account.phoneNumber = number
    insert(account)
    record(.accountCreated(uid: account.uid, email: nil))
    world.log("backend", "account for \(number) created (uid \(Redactor.shorten(account.uid)))")
    let tokens = issueSession(uid: account.uid, provider: .phone)
    return (accounts[account.uid]?.info ?? account.info, tokens, true)
  }

  /// **Linking a phone number.** `accounts:signInWithPhoneNumber` with an `idToken` too: an account that
  /// already has a number → `provider-already-linked`; after the code checks out, a number another account has
  /// → `credential-already-in-use` (the app may sign in to that account instead). Otherwise the account gains
  /// the number (a guest is upgraded, same uid). No recent login is asked for.
  func linkPhone(_ token: IDToken, verificationID: String, code: String?) throws(AuthErrorCode) -> AccountInfo
  {
    let account = try authorize(token)
    try requireMethod("phone")
    if account.phoneNumber != nil { throw .providerAlreadyLinked }
    let number = try checkPhoneCode(verificationID: verificationID, code: code)
    return try linkVerifiedPhone(number, to: account)
  }

  /// **Linking with a temporary proof.** As ``linkPhone(_:verificationID:code:)``, with a proof
  /// (``signInWithPhone(temporaryProof:number:)``) in place of the code.
  func linkPhone(_ token: IDToken, temporaryProof: String, number: String) throws(AuthErrorCode)
    -> AccountInfo
  {
    let account = try authorize(token)
    try requireMethod("phone")
    if account.phoneNumber != nil { throw .providerAlreadyLinked }
    try checkTemporaryProof(temporaryProof, number: number)
    return try linkVerifiedPhone(number, to: account)
  }

  private func linkVerifiedPhone(_ number: String, to account: Account) throws(AuthErrorCode) -> AccountInfo {
    if let owner = self.account(phoneNumber: number), owner.uid != account.uid {
      throw .credentialAlreadyInUse
    }
    update(uid: account.uid) {
      $0.phoneNumber = number
      $0.anonymous = false
    }
    world.log("backend", "\(number) linked to \(account.email ?? "uid \(Redactor.shorten(account.uid))")")
    return accounts[account.uid]?.info ?? account.info
  }

  /// How long a temporary proof works: the hour production announces with it (`temporaryProofExpiresIn`).
  static let temporaryProofLifetime = VirtualDuration.hours(1)

  /// **A temporary proof.** When a link finds the number on another account, production does not just refuse:
  /// the code was right, so it answers with a proof that the user owns `number` (`temporaryProof`), which the
  /// SDKs hand to the app inside their error so that it can sign in to that account without a new SMS.
  func issueTemporaryProof(number: String) -> String {
    let proof = world.identifier(length: 40)
    temporaryProofs[proof] = (number, world.now)
    world.log("backend", "\(number) belongs to another account: a temporary proof instead of a link")
    return proof
  }

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
