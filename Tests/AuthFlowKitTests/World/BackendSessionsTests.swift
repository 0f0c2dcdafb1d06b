import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: sessions, recent login, deletion, admin")
struct BackendSessionsTests {
  @Test func idTokensExpireAfterTheirTTL() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let (_, tokens) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    #expect(tokens.idToken.expiresAt == VirtualTime.defaultStart + .hours(1))
    fixture.wait(.hours(1))
    #expect(errorCode { try fixture.backend.lookup(tokens.idToken) } == .userTokenExpired)
    let refreshed = try fixture.backend.refreshToken(tokens.refreshToken)
    #expect(refreshed.authTime == VirtualTime.defaultStart)
    #expect(errorCode { try fixture.backend.lookup(refreshed) } == nil)
  }

  @Test func deleteNeedsARecentLoginAtMostFiveMinutesOld() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let (_, tokens) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    fixture.wait(.minutes(5) + .seconds(1))
    #expect(errorCode { try fixture.backend.delete(tokens.idToken) } == .requiresRecentLogin)
    let (_, again) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    fixture.wait(.minutes(5))
    try fixture.backend.delete(again.idToken)
    #expect(fixture.stored("alice@example.com") == nil)
    #expect(errorCode { try fixture.backend.refreshToken(tokens.refreshToken) } == .userTokenExpired)
  }

  @Test func recentLoginWindowIsAKnob() throws {
    let fixture = WorldFixture { $0.recentLogin = .hours(1) }
    fixture.account("alice@example.com")
    let (_, tokens) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    fixture.wait(.minutes(30))
    #expect(errorCode { try fixture.backend.delete(tokens.idToken) } == nil)
  }

  @Test func disabledAccountsFailEveryCall() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let (_, tokens) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.disable(email: "alice@example.com"))
    #expect(errorCode { try fixture.backend.lookup(tokens.idToken) } == .userDisabled)
    #expect(errorCode { try fixture.backend.refreshToken(tokens.refreshToken) } == .userDisabled)
    try fixture.backend.perform(.enable(email: "alice@example.com"))
    #expect(errorCode { try fixture.backend.lookup(tokens.idToken) } == nil)
  }

  @Test func adminRevokeAndSetPasswordEndSessions() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let (_, first) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.revokeSessions(email: "alice@example.com"))
    #expect(errorCode { try fixture.backend.refreshToken(first.refreshToken) } == .userTokenExpired)
    let (_, second) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.setPassword(email: "alice@example.com", password: "brand-new"))
    #expect(errorCode { try fixture.backend.refreshToken(second.refreshToken) } == .userTokenExpired)
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: "brand-new") }
        == nil)
  }

  @Test func adminNamesUnknownEmails() {
    let fixture = WorldFixture()
    #expect(throws: AdminError(email: "ghost@example.com")) {
      try fixture.backend.perform(.delete(email: "ghost@example.com"))
    }
  }
}
