import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: multi-factor authentication")
struct BackendMFATests {
  /// RFC 6238, appendix B: the SHA-1 vectors, truncated to six digits.
  @Test func totpCodesMatchTheRFCsTestVectors() {
    let secret = Array("12345678901234567890".utf8)
    #expect(TOTP.code(secret: secret, at: VirtualTime(secondsSince1970: 59)) == "287082")
    #expect(TOTP.code(secret: secret, at: VirtualTime(secondsSince1970: 1_111_111_109)) == "081804")
    #expect(TOTP.code(secret: secret, at: VirtualTime(secondsSince1970: 1_234_567_890)) == "005924")
    #expect(TOTP.code(secret: secret, at: VirtualTime(secondsSince1970: 20_000_000_000)) == "353130")
    #expect(TOTP.base32(Array("foobar".utf8)) == "MZXW6YTBOI")
  }

  @Test func aCodeWorksFiveStepsEitherSideAndNoFurther() {
    let secret = Array("12345678901234567890".utf8)
    let now = VirtualTime(secondsSince1970: 1_234_567_890)
    let fiveStepsAgo = TOTP.code(secret: secret, at: now - .seconds(150))
    let sixStepsAgo = TOTP.code(secret: secret, at: now - .seconds(180))
    let window = MFASettings().totpAdjacentIntervals
    #expect(TOTP.accepts(fiveStepsAgo, secret: secret, at: now, window: window))
    #expect(!TOTP.accepts(sixStepsAgo, secret: secret, at: now, window: window))
    #expect(
      TOTP.accepts(
        TOTP.code(secret: secret, at: now + .seconds(150)), secret: secret, at: now, window: window))
    // A tenant's `adjacentIntervals` narrows it: 0 takes the current step's code alone.
    #expect(
      !TOTP.accepts(TOTP.code(secret: secret, at: now - .seconds(30)), secret: secret, at: now, window: 0))
    #expect(TOTP.accepts(TOTP.code(secret: secret, at: now), secret: secret, at: now, window: 0))
  }

  @Test func enrollingNeedsAVerifiedEmailARecentLoginAndRoom() throws {
    let fixture = WorldFixture()
    fixture.account("una@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "una@example.com", password: "correct-horse")
    #expect(errorCode { try client.startTOTPEnrollment() } == .unverifiedEmail)
    try fixture.backend.perform(.verifyEmail(account: "una@example.com"))
    fixture.wait(.minutes(6))
    #expect(errorCode { try client.startTOTPEnrollment() } == .requiresRecentLogin)
    try client.reauthenticate(password: "correct-horse")
    let start = try client.startTOTPEnrollment()
    #expect(start.secretKey.count == 32)
    #expect(errorCode { try client.finishTOTPEnrollment(sessionID: start.sessionID, code: "000000") } != nil)
    let code = fixture.backend.authenticatorCode(enrollmentSession: start.sessionID)
    let user = try client.finishTOTPEnrollment(sessionID: start.sessionID, code: code)
    #expect(user.mfa.map(\.kind) == [.totp])
    #expect(errorCode { try client.startTOTPEnrollment() } == .secondFactorAlreadyInUse)
    for last in 1...4 {
      let number = "+1555555010\(last)"
      let id = try client.startPhoneEnrollment(number)
      _ = try client.finishPhoneEnrollment(
        verificationID: id, code: fixture.world.smsOutbox.newest(to: number)?.code)
    }
    #expect(
      errorCode { try client.startPhoneEnrollment("+15555550109") } == .maximumSecondFactorCountExceeded)
  }

  /// An enrolment's SMS code answers that enrolment only: not a phone sign-in (which would make an account for
  /// the factor's number), nor another account's enrolment.
  @Test func anEnrolmentsCodeAnswersThatEnrolmentOnly() throws {
    let fixture = WorldFixture()
    fixture.account("una@example.com", verified: true)
    fixture.account("vic@example.com", verified: true)
    let una = fixture.client("phone")
    let vic = fixture.client("laptop")
    _ = try una.signIn(email: "una@example.com", password: "correct-horse")
    _ = try vic.signIn(email: "vic@example.com", password: "correct-horse")
    let number = "+15555550101"
    let id = try una.startPhoneEnrollment(number)
    let code = fixture.world.smsOutbox.newest(to: number)?.code
    let stranger = fixture.client("tablet")
    #expect(errorCode { _ = try stranger.signIn(verificationID: id, code: code) } == .invalidVerificationID)
    #expect(
      errorCode { _ = try vic.finishPhoneEnrollment(verificationID: id, code: code) }
        == .invalidVerificationID)
    #expect(try una.finishPhoneEnrollment(verificationID: id, code: code).mfa.map(\.kind) == [.phone])
    #expect(stranger.currentUser == nil && fixture.backend.account(phoneNumber: number) == nil)
  }

  @Test func projectSettingsDecideWhichFactorsMayBeEnrolled() throws {
    let fixture = WorldFixture { $0.mfa = MFASettings(enabled: true, factors: [.phone]) }
    fixture.account("una@example.com", verified: true)
    let client = fixture.client()
    _ = try client.signIn(email: "una@example.com", password: "correct-horse")
    #expect(errorCode { try client.startTOTPEnrollment() } == .operationNotAllowed)
    #expect(errorCode { try client.startPhoneEnrollment("+15555550101") } == nil)
  }

  /// With MFA off, enrolled factors stay but a sign-in is not challenged; turned on again, they are asked for.
  @Test func withMFAOffEnrolledFactorsAreNotAskedFor() throws {
    let fixture = WorldFixture { $0.mfa = MFASettings(enabled: false, factors: [.phone, .totp]) }
    fixture.account("tara@example.com", verified: true)
    let uid = try #require(fixture.stored("tara@example.com")).uid
    fixture.backend.addFactor(uid: uid, .phone("+15555550123"))
    let client = fixture.client()
    let user = try client.signIn(email: "tara@example.com", password: "correct-horse")
    #expect(user.mfa.count == 1 && client.pendingMultiFactor == nil)
    client.signOut()
    fixture.world.settings.mfa.enabled = true
    #expect(
      errorCode { try client.signIn(email: "tara@example.com", password: "correct-horse") }
        == .multiFactorAuthRequired)
  }

  @Test func enrollingRevokesOtherSessionsAndSignInThenWaitsForTheFactor() throws {
    let fixture = WorldFixture()
    fixture.account("vic@example.com", verified: true)
    let phone = fixture.client("phone")
    let laptop = fixture.client("laptop")
    _ = try phone.signIn(email: "vic@example.com", password: "correct-horse")
    _ = try laptop.signIn(email: "vic@example.com", password: "correct-horse")
    let start = try phone.startTOTPEnrollment()
    _ = try phone.finishTOTPEnrollment(
      sessionID: start.sessionID, code: fixture.backend.authenticatorCode(enrollmentSession: start.sessionID))
    #expect(errorCode { try phone.reload() } == nil)
    #expect(errorCode { try laptop.reload() } == .userTokenExpired)
    #expect(
      errorCode { try laptop.signIn(email: "vic@example.com", password: "correct-horse") }
        == .multiFactorAuthRequired)
    let challenge = try #require(laptop.pendingMultiFactor)
    let factor = try #require(challenge.factors.first)
    #expect(laptop.currentUser == nil)
    #expect(
      errorCode { try laptop.resolveSecondFactor(factor, verificationID: nil, code: "") }
        == .missingVerificationCode)
    let user = try laptop.resolveSecondFactor(
      factor, verificationID: nil, code: fixture.backend.authenticatorCode(factor: factor.id))
    #expect(user.email == "vic@example.com" && laptop.pendingMultiFactor == nil)
  }

  @Test func aChallengeExpiresAndAnUnenrolledFactorIsNotAskedFor() throws {
    let fixture = WorldFixture()
    fixture.account("tara@example.com", verified: true)
    let uid = try #require(fixture.stored("tara@example.com")).uid
    fixture.backend.addFactor(uid: uid, .phone("+15555550123"))
    let client = fixture.client()
    #expect(
      errorCode { try client.signIn(email: "tara@example.com", password: "correct-horse") }
        == .multiFactorAuthRequired)
    let factor = try #require(client.pendingMultiFactor?.factors.first)
    let verificationID = try client.startSecondFactor(factor)
    fixture.wait(.minutes(11))
    #expect(
      errorCode {
        try client.resolveSecondFactor(
          factor, verificationID: verificationID,
          code: fixture.world.smsOutbox.newest(to: "+15555550123")?.code)
      } == .sessionExpired)
    try fixture.backend.perform(.unenrollMFA(account: "tara@example.com", factor: .phone))
    #expect(
      throws: AdminError.refused(.multiFactorInfoNotFound),
      performing: { try fixture.backend.perform(.unenrollMFA(account: "tara@example.com", factor: .phone)) })
    #expect(errorCode { try client.signIn(email: "tara@example.com", password: "correct-horse") } == nil)
  }

  @Test func anAccountWithFactorsKeepsAVerifiedEmail() throws {
    let fixture = WorldFixture { $0.emailEnumerationProtection = false }
    fixture.account("tara@example.com", verified: true)
    let client = fixture.client()
    _ = try client.signIn(email: "tara@example.com", password: "correct-horse")
    let uid = try #require(fixture.stored("tara@example.com")).uid
    fixture.backend.addFactor(uid: uid, .totp(fixture.backend.newTOTPSecret()))
    #expect(errorCode { try client.updateEmail(to: "tara@work.example") } == .emailChangeNeedsVerification)
  }
}
