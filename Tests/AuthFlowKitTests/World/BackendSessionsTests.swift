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
    // A deleted user's session: securetoken's USER_NOT_FOUND, and so is its ID token.
    #expect(errorCode { try fixture.backend.refreshToken(tokens.refreshToken) } == .userNotFound)
    #expect(errorCode { try fixture.backend.lookup(again.idToken) } == .userNotFound)
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
    try fixture.backend.perform(.disable(account: "alice@example.com"))
    #expect(errorCode { try fixture.backend.lookup(tokens.idToken) } == .userDisabled)
    #expect(errorCode { try fixture.backend.refreshToken(tokens.refreshToken) } == .userDisabled)
    try fixture.backend.perform(.enable(account: "alice@example.com"))
    #expect(errorCode { try fixture.backend.lookup(tokens.idToken) } == nil)
  }

  @Test func adminRevokeAndSetPasswordEndSessions() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let (_, first) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.revokeSessions(account: "alice@example.com"))
    #expect(errorCode { try fixture.backend.refreshToken(first.refreshToken) } == .userTokenExpired)
    let (_, second) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.setPassword(account: "alice@example.com", password: "brand-new"))
    #expect(errorCode { try fixture.backend.refreshToken(second.refreshToken) } == .userTokenExpired)
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: "brand-new") }
        == nil)
  }

  @Test func adminNamesUnknownEmails() {
    let fixture = WorldFixture()
    #expect(throws: AdminError.noAccount("ghost@example.com")) {
      try fixture.backend.perform(.delete(account: "ghost@example.com"))
    }
  }
}

@Suite("Backend: accounts named by id, the admin's email change")
struct BackendAdminAccountsTests {
  /// A given guest: no email, anonymous, reachable only by its id.
  private func fixtureWithGuest() -> WorldFixture {
    let fixture = WorldFixture()
    var guest = AccountSeed(email: nil)
    guest.id = "guest"
    guest.anonymous = true
    fixture.world.populate(from: Given(accounts: [guest]))
    return fixture
  }

  @Test func aGivenGuestIsAnonymousAndNamedByItsID() throws {
    let fixture = fixtureWithGuest()
    let guest = try #require(fixture.backend.account(named: .id("guest")))
    #expect(guest.anonymous && guest.email == nil && guest.providers.isEmpty)
    #expect(fixture.backend.account(named: .id("nobody")) == nil)
    try fixture.backend.perform(.setClaims(account: .id("guest"), claims: ["role": .string("tester")]))
    #expect(fixture.backend.account(uid: guest.uid)?.customClaims == ["role": .string("tester")])
    #expect(throws: AdminError.noAccount(.id("nobody"))) {
      try fixture.backend.perform(.disable(account: .id("nobody")))
    }
  }

  @Test func anAdminEmailChangeIsUnverifiedSendsNothingAndEndsSessions() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com", verified: true)
    let (_, tokens) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.updateEmail(account: "alice@example.com", newEmail: "Alice@Work.example"))
    let changed = try #require(fixture.stored("alice@work.example"))
    #expect(!changed.emailVerified)
    #expect(fixture.stored("alice@example.com") == nil)
    #expect(fixture.world.outbox.emails.isEmpty)
    #expect(errorCode { try fixture.backend.refreshToken(tokens.refreshToken) } == .userTokenExpired)
    #expect(
      errorCode {
        try fixture.backend.signInWithPassword(email: "alice@work.example", password: "correct-horse")
      }
        == nil)
  }

  @Test func anAdminEmailChangeNeedsAFreeWellFormedAddress() {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    fixture.account("bob@example.com")
    #expect(throws: AdminError.refused(.emailAlreadyInUse)) {
      try fixture.backend.perform(.updateEmail(account: "alice@example.com", newEmail: "bob@example.com"))
    }
    #expect(throws: AdminError.refused(.invalidEmail)) {
      try fixture.backend.perform(.updateEmail(account: "alice@example.com", newEmail: "not-an-email"))
    }
    #expect(fixture.stored("alice@example.com") != nil)
  }
}
