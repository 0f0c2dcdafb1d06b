import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: action codes, the outbox, send limits")
struct BackendActionCodesTests {
  private func signedIn(_ fixture: WorldFixture, _ email: String = "alice@example.com") throws
    -> SessionTokens
  {
    try fixture.backend.signInWithPassword(email: email, password: "correct-horse").1
  }

  @Test func verificationCodesApplyOnceAndExpireAfterThreeDays() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let tokens = try signedIn(fixture)
    try fixture.backend.sendVerification(tokens.idToken)
    let mail = try #require(fixture.world.outbox.newest(.verifyEmail, to: "ALICE@example.com"))
    fixture.wait(.days(3))
    #expect(errorCode { try fixture.backend.applyVerification(code: mail.code) } == nil)
    #expect(fixture.stored("alice@example.com")?.emailVerified == true)
    #expect(errorCode { try fixture.backend.applyVerification(code: mail.code) } == .invalidActionCode)

    try fixture.backend.sendVerification(try signedIn(fixture).idToken)
    let second = try #require(fixture.world.outbox.newest(.verifyEmail, to: "alice@example.com"))
    fixture.wait(.days(3) + .seconds(1))
    #expect(errorCode { try fixture.backend.applyVerification(code: second.code) } == .expiredActionCode)
    #expect(errorCode { try fixture.backend.applyVerification(code: "unknown") } == .invalidActionCode)
  }

  @Test func openingAResetLinkDoesNotConsumeIt() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let tokens = try signedIn(fixture)
    try fixture.backend.sendPasswordReset(email: "alice@example.com")
    let mail = try #require(fixture.world.outbox.newest(.passwordReset, to: "alice@example.com"))
    #expect(errorCode { try fixture.backend.resetPassword(code: mail.code, newPassword: nil) } == nil)
    #expect(
      errorCode { try fixture.backend.resetPassword(code: mail.code, newPassword: "abc") } == .weakPassword)
    #expect(
      errorCode { try fixture.backend.resetPassword(code: mail.code, newPassword: "new-password") } == nil)
    #expect(
      errorCode { try fixture.backend.resetPassword(code: mail.code, newPassword: nil) } == .invalidActionCode
    )
    #expect(fixture.stored("alice@example.com")?.emailVerified == true)
    #expect(errorCode { try fixture.backend.refreshToken(tokens.refreshToken) } == .userTokenExpired)
  }

  @Test func aNewerCodeLeavesTheOlderOneUsable() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let tokens = try signedIn(fixture)
    try fixture.backend.sendVerification(tokens.idToken)
    fixture.wait(.minutes(1))
    try fixture.backend.sendVerification(tokens.idToken)
    let sent = fixture.world.outbox.emails(.verifyEmail, to: "alice@example.com")
    try #require(sent.count == 2)
    #expect(errorCode { try fixture.backend.applyVerification(code: sent[0].code) } == nil)
    #expect(errorCode { try fixture.backend.applyVerification(code: sent[1].code) } == nil)

    try fixture.backend.sendPasswordReset(email: "alice@example.com")
    fixture.wait(.minutes(10))
    try fixture.backend.sendPasswordReset(email: "alice@example.com")
    let resets = fixture.world.outbox.emails(.passwordReset, to: "alice@example.com")
    try #require(resets.count == 2)
    #expect(
      errorCode { try fixture.backend.resetPassword(code: resets[0].code, newPassword: "first-new") } == nil)
    fixture.wait(.minutes(51))
    // The older code is used up; the newer one, 51 minutes old, still works after the reset it did not make.
    #expect(
      errorCode { try fixture.backend.resetPassword(code: resets[0].code, newPassword: nil) }
        == .invalidActionCode)
    #expect(
      errorCode { try fixture.backend.resetPassword(code: resets[1].code, newPassword: "second-new") } == nil)
  }

  @Test func resetCodesExpireAfterAnHour() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    try fixture.backend.sendPasswordReset(email: "alice@example.com")
    let mail = try #require(fixture.world.outbox.newest(.passwordReset, to: "alice@example.com"))
    fixture.wait(.hours(1) + .seconds(1))
    #expect(
      errorCode { try fixture.backend.resetPassword(code: mail.code, newPassword: nil) } == .expiredActionCode
    )
  }

  @Test func resetForAnUnknownEmailIsSilentUnderProtection() {
    let protected = WorldFixture()
    #expect(errorCode { try protected.backend.sendPasswordReset(email: "ghost@example.com") } == nil)
    #expect(protected.world.outbox.emails.isEmpty)

    let open = WorldFixture { $0.emailEnumerationProtection = false }
    #expect(errorCode { try open.backend.sendPasswordReset(email: "ghost@example.com") } == .userNotFound)
  }

  @Test func theSixthEmailWithinAnHourIsRefused() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    for _ in 0..<5 {
      #expect(errorCode { try fixture.backend.sendPasswordReset(email: "alice@example.com") } == nil)
      fixture.wait(.minutes(1))
    }
    #expect(
      errorCode { try fixture.backend.sendPasswordReset(email: "alice@example.com") } == .tooManyRequests)
    #expect(fixture.world.outbox.count(.passwordReset, to: "alice@example.com") == 5)
    // Verification emails have their own budget.
    #expect(errorCode { try fixture.backend.sendVerification(try signedIn(fixture).idToken) } == nil)
    // The window slides: an hour after the first send, one more is allowed.
    fixture.wait(.minutes(55) + .seconds(1))
    #expect(errorCode { try fixture.backend.sendPasswordReset(email: "alice@example.com") } == nil)
  }
}

extension BackendActionCodesTests {
  /// A mail scanner opens each link as it arrives: a verification is used up, a reset only opened.
  @Test func aMailScannerUsesVerificationCodesButOnlyOpensResets() throws {
    let fixture = WorldFixture { $0.mailScanner = true }
    fixture.account("alice@example.com", verified: true)
    let client = fixture.client()
    _ = try client.signUp(email: "carol@example.com", password: "Str0ng-pass")
    try client.sendEmailVerification()
    #expect(fixture.stored("carol@example.com")?.emailVerified == true)
    let verify = try #require(fixture.world.outbox.newest(.verifyEmail, to: "carol@example.com"))
    #expect(errorCode { try fixture.backend.applyVerification(code: verify.code) } == .invalidActionCode)

    try fixture.backend.sendPasswordReset(email: "alice@example.com")
    let reset = try #require(fixture.world.outbox.newest(.passwordReset, to: "alice@example.com"))
    #expect(errorCode { try fixture.backend.resetPassword(code: reset.code, newPassword: "N3w-pass") } == nil)
  }
}
