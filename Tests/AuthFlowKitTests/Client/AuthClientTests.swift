import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("AuthClient")
struct AuthClientTests {
  @Test func theCachedUserStaysStaleUntilReload() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.verifyEmail(account: "alice@example.com"))
    #expect(client.currentUser?.emailVerified == false)
    _ = try client.reload()
    #expect(client.currentUser?.emailVerified == true)
  }

  @Test func refreshesTheTokenWhenFiveMinutesOrLessRemain() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "alice@example.com", password: "correct-horse")
    fixture.wait(.minutes(54) + .seconds(59))
    _ = try client.reload()
    #expect(!fixture.world.transcript.contains { $0.text.hasPrefix("refreshToken") })
    fixture.wait(.seconds(1))
    _ = try client.reload()
    #expect(fixture.world.transcript.contains { $0.text == "refreshToken → ok" })
    #expect(client.scheduledRefresh == fixture.world.now + .minutes(55))
  }

  @Test func signsItselfOutAndTellsTheListenerWhenTheSessionIsRevoked() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let client = fixture.client()
    var changes: [AuthStateChange] = []
    client.onAuthStateChange = { changes.append($0) }
    _ = try client.signIn(email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.revokeSessions(account: "alice@example.com"))
    #expect(errorCode { try client.reload() } == .userTokenExpired)
    #expect(client.currentUser == nil)
    #expect(changes.last == AuthStateChange(user: nil, error: .userTokenExpired))
  }

  @Test func aScheduledRefreshNoticesADeletedAccount() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "alice@example.com", password: "correct-horse")
    try fixture.backend.perform(.delete(account: "alice@example.com"))
    fixture.wait(.minutes(55))
    #expect(client.runScheduledRefresh())
    #expect(client.currentUser == nil)
  }

  @Test func offlineCallsFailWithoutReachingTheBackend() throws {
    let fixture = WorldFixture()
    let client = fixture.client()
    client.isOnline = false
    #expect(
      errorCode { try client.signUp(email: "new@example.com", password: "long-enough") }
        == .networkRequestFailed)
    #expect(fixture.stored("new@example.com") == nil)
    client.isOnline = true
    #expect(errorCode { try client.signUp(email: "new@example.com", password: "long-enough") } == nil)
  }

  @Test func failNextHitsOnlyTheMatchingOperationAndDevice() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let phone = fixture.client("phone")
    let laptop = fixture.client("laptop")
    fixture.world.failNext(.signInWithPassword, with: .tooManyRequests, device: "laptop")
    #expect(errorCode { try phone.signIn(email: "alice@example.com", password: "correct-horse") } == nil)
    #expect(
      errorCode { try laptop.signIn(email: "alice@example.com", password: "correct-horse") }
        == .tooManyRequests)
    #expect(errorCode { try laptop.signIn(email: "alice@example.com", password: "correct-horse") } == nil)
  }

  @Test func keepsThePendingCredentialOfACollision() throws {
    let fixture = WorldFixture()
    fixture.account("carol@example.com", verified: true)
    fixture.idp(.twitter, "carol@example.com")
    let client = fixture.client()
    let sheet = ProviderSheet(provider: .twitter)
    #expect(errorCode { try client.signIn(with: sheet) } == .accountExistsWithDifferentCredential)
    #expect(client.pendingCredential?.email == "carol@example.com")
    _ = try client.signIn(email: "carol@example.com", password: "correct-horse")
    let user = try client.linkPendingCredential()
    #expect(user?.providers == [.password, .twitter])
  }

  @Test func sheetsCanBeCancelledOrFail() {
    let fixture = WorldFixture()
    fixture.idp(.apple, "carol@example.com")
    let client = fixture.client()
    #expect(
      errorCode { try client.signIn(with: ProviderSheet(provider: .apple, outcome: .cancel)) }
        == .webContextCancelled)
    #expect(
      errorCode {
        try client.signIn(with: ProviderSheet(provider: .apple, outcome: .error(.operationNotAllowed)))
      }
        == .operationNotAllowed)
    #expect(client.currentUser == nil)
  }

  @Test func reauthenticatingAsSomeoneElseIsAUserMismatch() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com", password: nil, verified: true, providers: [.apple])
    fixture.account("bob@example.com", password: nil, verified: true, providers: [.apple])
    let client = fixture.client()
    _ = try client.signIn(with: ProviderSheet(provider: .apple, account: "alice@example.com"))
    #expect(
      errorCode {
        try client.reauthenticate(with: ProviderSheet(provider: .apple, account: "bob@example.com"))
      }
        == .userMismatch)
    #expect(client.currentUser?.email == "alice@example.com")
  }

  @Test func reauthenticatingWithAnIdPAccountOfNoOneIsAUserMismatch() throws {
    // Without enumeration protection the backend says user-not-found; the SDK reports it as user-mismatch.
    let fixture = WorldFixture { $0.emailEnumerationProtection = false }
    fixture.account("alice@example.com", password: nil, verified: true, providers: [.apple])
    _ = fixture.idp(.apple, "stranger@example.com")
    let client = fixture.client()
    _ = try client.signIn(with: ProviderSheet(provider: .apple, account: "alice@example.com"))
    #expect(
      errorCode {
        try client.reauthenticate(with: ProviderSheet(provider: .apple, account: "stranger@example.com"))
      }
        == .userMismatch)
    #expect(client.currentUser?.email == "alice@example.com")
  }

  @Test func reauthenticatingWithAnEmailNoAccountHasIsAUserMismatchAndKeepsTheSession() throws {
    let fixture = WorldFixture { $0.emailEnumerationProtection = false }
    fixture.account("alice@example.com")
    let client = fixture.client()
    _ = try client.signIn(email: "alice@example.com", password: "correct-horse")
    #expect(
      errorCode { try client.reauthenticate(email: "nobody@example.com", password: "correct-horse") }
        == .userMismatch)
    #expect(client.currentUser?.email == "alice@example.com")
  }

  @Test func passwordsNeverReachTheTranscript() throws {
    let fixture = WorldFixture()
    let client = fixture.client()
    _ = try client.signUp(email: "new@example.com", password: "s3cret-value")
    #expect(!fixture.world.transcript.contains { $0.text.contains("s3cret-value") })
  }
}
