import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: email-link sign-in")
struct BackendEmailLinkTests {
  private func link(_ fixture: WorldFixture, to email: String) throws -> String {
    try fixture.backend.sendSignInLink(email: email)
    return try #require(fixture.world.outbox.newest(.signInLink, to: email)).code
  }

  @Test func aLinkToANewAddressCreatesAVerifiedAccountWithThePasswordProvider() throws {
    let fixture = WorldFixture()
    let code = try link(fixture, to: "Nia@Example.com")
    let (info, tokens, isNewUser) = try fixture.backend.signInWithEmailLink(
      email: "nia@example.com", code: code)
    #expect(isNewUser)
    #expect(info.email == "nia@example.com")
    #expect(info.emailVerified)
    #expect(info.providers == [.password])
    #expect(tokens.idToken.signInProvider == .password)
    #expect(
      errorCode { try fixture.backend.signInWithEmailLink(email: "nia@example.com", code: code) }
        == .invalidActionCode)
  }

  @Test func theLinkNeedsItsOwnEmailAndExpiresAfterItsTTL() throws {
    let fixture = WorldFixture { $0.signInLinkTTL = .hours(1) }
    let code = try link(fixture, to: "nia@example.com")
    #expect(
      errorCode { try fixture.backend.signInWithEmailLink(email: "eve@example.com", code: code) }
        == .invalidEmail)
    fixture.wait(.hours(1))
    #expect(
      errorCode { try fixture.backend.signInWithEmailLink(email: "nia@example.com", code: code) } == nil)
    let late = try link(fixture, to: "nia@example.com")
    fixture.wait(.minutes(61))
    #expect(
      errorCode { try fixture.backend.signInWithEmailLink(email: "nia@example.com", code: late) }
        == .expiredActionCode)
  }

  /// The link proves the address: an unverified account's password, which anyone could have set, goes.
  @Test func anUnverifiedPasswordAccountLosesItsPasswordAndSessions() throws {
    let fixture = WorldFixture()
    fixture.account("nia@example.com", password: "Squatter-1", verified: false)
    let squatter = fixture.client("tablet")
    _ = try squatter.signIn(email: "nia@example.com", password: "Squatter-1")
    let code = try link(fixture, to: "nia@example.com")
    let (info, _, isNewUser) = try fixture.backend.signInWithEmailLink(email: "nia@example.com", code: code)
    #expect(!isNewUser)
    #expect(info.emailVerified)
    #expect(info.providers == [.password])
    #expect(fixture.stored("nia@example.com")?.password == nil)
    #expect(errorCode { try squatter.reload() } == .userTokenExpired)
  }

  @Test func aVerifiedAccountKeepsItsPasswordAndADisabledOneIsRefused() throws {
    let fixture = WorldFixture()
    fixture.account("bob@example.com", password: "Str0ng-pass", verified: true)
    let code = try link(fixture, to: "bob@example.com")
    _ = try fixture.backend.signInWithEmailLink(email: "bob@example.com", code: code)
    #expect(fixture.stored("bob@example.com")?.password == "Str0ng-pass")
    try fixture.backend.perform(.disable(account: "bob@example.com"))
    let another = try link(fixture, to: "bob@example.com")
    #expect(
      errorCode { try fixture.backend.signInWithEmailLink(email: "bob@example.com", code: another) }
        == .userDisabled)
  }

  @Test func sendingALinkChecksTheAddressAndTheSendLimit() throws {
    let fixture = WorldFixture { $0.oobSendLimit = .init(count: 1, per: .hours(1)) }
    #expect(errorCode { try fixture.backend.sendSignInLink(email: "not-an-email") } == .invalidEmail)
    try fixture.backend.sendSignInLink(email: "nia@example.com")
    #expect(errorCode { try fixture.backend.sendSignInLink(email: "nia@example.com") } == .tooManyRequests)
  }

  @Test func linkingALinkUpgradesTheGuestAndSpendsTheCodeEvenWhenRefused() throws {
    let fixture = WorldFixture()
    fixture.account("bob@example.com")
    let (guest, tokens) = try fixture.backend.signInAnonymously()
    let code = try link(fixture, to: "gus@example.com")
    #expect(
      errorCode { try fixture.backend.linkEmailLink(tokens.idToken, email: "eve@example.com", code: code) }
        == .invalidEmail)
    let info = try fixture.backend.linkEmailLink(tokens.idToken, email: "gus@example.com", code: code)
    #expect(info.uid == guest.uid && !info.isAnonymous)
    #expect(info.email == "gus@example.com" && info.emailVerified && info.providers == [.password])
    #expect(
      errorCode { try fixture.backend.linkEmailLink(tokens.idToken, email: "gus@example.com", code: code) }
        == .invalidActionCode)

    let (_, other) = try fixture.backend.signInAnonymously()
    let taken = try link(fixture, to: "bob@example.com")
    #expect(
      errorCode { try fixture.backend.linkEmailLink(other.idToken, email: "bob@example.com", code: taken) }
        == .emailAlreadyInUse)
    #expect(
      errorCode { try fixture.backend.signInWithEmailLink(email: "bob@example.com", code: taken) }
        == .invalidActionCode)
  }
}
