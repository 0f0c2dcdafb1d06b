import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: an account locked out by wrong passwords (password_attempt_limit)")
struct BackendLockoutTests {
  private static func locking(count: Int = 3, per: VirtualDuration = .hours(1)) -> WorldFixture {
    let fixture = WorldFixture { $0.passwordAttemptLimit = .init(count: count, per: per) }
    fixture.account("alice@example.com", password: "correct-horse", verified: true)
    return fixture
  }

  private func signIn(_ fixture: WorldFixture, _ password: String) -> AuthErrorCode? {
    errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: password) }
  }

  @Test func withoutALimitWrongPasswordsNeverLock() {
    let fixture = WorldFixture()
    fixture.account("alice@example.com", password: "correct-horse")
    for _ in 0..<50 {
      #expect(
        errorCode { try fixture.backend.signInWithPassword(email: "alice@example.com", password: "wrong") }
          == .invalidCredential)
    }
    #expect(
      errorCode {
        try fixture.backend.signInWithPassword(email: "alice@example.com", password: "correct-horse")
      }
        == nil)
  }

  @Test func theLimitRefusesEvenTheRightPasswordUntilTheWindowPasses() {
    let fixture = Self.locking()
    for _ in 0..<3 { #expect(signIn(fixture, "wrong") == .invalidCredential) }
    #expect(signIn(fixture, "correct-horse") == .tooManyRequests)
    #expect(signIn(fixture, "wrong") == .tooManyRequests)
    fixture.wait(.minutes(59))
    #expect(signIn(fixture, "correct-horse") == .tooManyRequests)
    // Attempts refused while locked are not counted: the hour runs from the third wrong password.
    fixture.wait(.minutes(1))
    #expect(signIn(fixture, "correct-horse") == nil)
  }

  @Test func aSuccessForgetsTheFailures() {
    let fixture = Self.locking()
    for _ in 0..<2 { #expect(signIn(fixture, "wrong") == .invalidCredential) }
    #expect(signIn(fixture, "correct-horse") == nil)
    for _ in 0..<2 { #expect(signIn(fixture, "wrong") == .invalidCredential) }
    #expect(signIn(fixture, "correct-horse") == nil)
  }

  @Test func aNewPasswordLiftsTheLockAtOnce() throws {
    let fixture = Self.locking()
    for _ in 0..<3 { _ = signIn(fixture, "wrong") }
    #expect(signIn(fixture, "correct-horse") == .tooManyRequests)
    try fixture.backend.perform(.setPassword(account: "alice@example.com", password: "battery-staple"))
    #expect(signIn(fixture, "battery-staple") == nil)
  }

  @Test func theLockIsPerAccountAfterTheDisabledCheckAndReportsWithoutProtection() throws {
    let fixture = WorldFixture {
      $0.passwordAttemptLimit = .init(count: 2, per: .minutes(10))
      $0.emailEnumerationProtection = false
    }
    fixture.account("alice@example.com", password: "correct-horse")
    fixture.account("bob@example.com", password: "bobs-password")
    for _ in 0..<2 { #expect(signIn(fixture, "wrong") == .wrongPassword) }
    #expect(signIn(fixture, "correct-horse") == .tooManyRequests)
    #expect(
      errorCode {
        try fixture.backend.signInWithPassword(email: "bob@example.com", password: "bobs-password")
      }
        == nil)
    try fixture.backend.perform(.disable(account: "alice@example.com"))
    #expect(signIn(fixture, "correct-horse") == .userDisabled)
  }

  @Test func aReauthenticationCountsAndIsRefusedWithoutSigningOut() throws {
    let fixture = Self.locking(count: 2)
    let client = fixture.client()
    _ = try client.signIn(email: "alice@example.com", password: "correct-horse")
    for _ in 0..<2 {
      #expect(errorCode { try client.reauthenticate(password: "wrong") } == .invalidCredential)
    }
    #expect(errorCode { try client.reauthenticate(password: "correct-horse") } == .tooManyRequests)
    #expect(client.currentUser?.email == "alice@example.com")
  }
}
