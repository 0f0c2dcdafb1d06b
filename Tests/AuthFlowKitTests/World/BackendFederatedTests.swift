import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: federated sign-in, provider collision, linking")
struct BackendFederatedTests {
  @Test func trustedProvidersDependOnProviderDomainAndVerification() {
    let fixture = WorldFixture()
    #expect(fixture.backend.isTrusted(fixture.idp(.google, "bob@gmail.com")))
    #expect(!fixture.backend.isTrusted(fixture.idp(.google, "bob@example.com")))
    #expect(fixture.backend.isTrusted(fixture.idp(.apple, "carol@example.com")))
    #expect(!fixture.backend.isTrusted(fixture.idp(.apple, "dave@example.com", verified: false)))
    #expect(!fixture.backend.isTrusted(fixture.idp(.twitter, "erin@example.com", verified: true)))
    #expect(!fixture.backend.isTrusted(fixture.idp(.github, "fay@example.com")))
  }

  @Test func aTrustedSignInTakesOverAnUnverifiedPasswordAccount() throws {
    let fixture = WorldFixture()
    fixture.account("bob@gmail.com", verified: false)
    let (_, oldSession) = try fixture.backend.signInWithPassword(
      email: "bob@gmail.com", password: "correct-horse")
    let (info, _) = try fixture.backend.signInWithIdp(fixture.idp(.google, "bob@gmail.com", name: "Bob"))
    #expect(info.providers == [.google])
    #expect(info.emailVerified)
    #expect(info.displayName == "Bob")
    #expect(errorCode { try fixture.backend.refreshToken(oldSession.refreshToken) } == .userTokenExpired)
    #expect(
      errorCode { try fixture.backend.signInWithPassword(email: "bob@gmail.com", password: "correct-horse") }
        == .invalidCredential)
  }

  @Test func aTrustedSignInToAVerifiedAccountOnlyLinks() throws {
    let fixture = WorldFixture()
    fixture.account("bob@gmail.com", verified: true)
    let (_, oldSession) = try fixture.backend.signInWithPassword(
      email: "bob@gmail.com", password: "correct-horse")
    let (info, _) = try fixture.backend.signInWithIdp(fixture.idp(.google, "bob@gmail.com"))
    #expect(info.providers == [.google, .password])
    #expect(errorCode { try fixture.backend.refreshToken(oldSession.refreshToken) } == nil)
  }

  @Test func anUntrustedSignInCollides() {
    let fixture = WorldFixture()
    fixture.account("carol@example.com")
    #expect(
      errorCode { try fixture.backend.signInWithIdp(fixture.idp(.twitter, "carol@example.com")) }
        == .accountExistsWithDifferentCredential)
    #expect(fixture.stored("carol@example.com")?.providers == [.password])
  }

  @Test func withoutOneAccountPerEmailAFederatedSignInMakesASecondAccount() throws {
    let fixture = WorldFixture { $0.oneAccountPerEmail = false }
    fixture.account("carol@example.com")
    let (info, _) = try fixture.backend.signInWithIdp(fixture.idp(.twitter, "carol@example.com"))
    #expect(info.providers == [.twitter])
    // The new account keeps the address on its link only, as production and the emulator do.
    #expect(info.email == nil)
    #expect(info.linkedAccounts.map(\.email) == ["carol@example.com"])
    #expect(fixture.backend.accounts(withEmail: "carol@example.com").count == 1)
  }

  @Test func newFederatedAccountsAreVerifiedOnlyWhenTrusted() throws {
    let fixture = WorldFixture()
    let (google, _) = try fixture.backend.signInWithIdp(fixture.idp(.google, "new@gmail.com", name: "New"))
    #expect(google.emailVerified)
    #expect(google.displayName == "New")
    let (facebook, _) = try fixture.backend.signInWithIdp(fixture.idp(.facebook, "fb@example.com"))
    #expect(!facebook.emailVerified)
  }

  @Test func linkingErrors() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com", verified: true)
    fixture.account("bob@example.com", verified: true, providers: [.github])
    let (_, alice) = try fixture.backend.signInWithPassword(
      email: "alice@example.com", password: "correct-horse")
    let bobsGitHub = fixture.idp(.github, "bob@example.com")
    #expect(errorCode { try fixture.backend.link(alice.idToken, bobsGitHub) } == .credentialAlreadyInUse)
    #expect(
      errorCode { try fixture.backend.link(alice.idToken, fixture.idp(.apple, "alice@example.com")) } == nil)
    #expect(
      errorCode { try fixture.backend.link(alice.idToken, fixture.idp(.apple, "alice2@example.com")) }
        == .providerAlreadyLinked)
  }
}
