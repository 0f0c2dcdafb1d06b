import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Backend: anonymous accounts and their upgrade")
struct BackendAnonymousTests {
  @Test func eachAnonymousSignInIsANewGuestWithoutEmailOrProvider() throws {
    let fixture = WorldFixture()
    let (first, tokens) = try fixture.backend.signInAnonymously()
    let (second, _) = try fixture.backend.signInAnonymously()
    #expect(first.uid != second.uid)
    #expect(first.isAnonymous && second.isAnonymous)
    #expect(first.email == nil)
    #expect(first.providers == [])
    #expect(tokens.idToken.signInProvider == .anonymous)
  }

  /// The guest keeps its uid (and so its data) when it links a password; it is a guest no more.
  @Test func linkingAPasswordUpgradesTheGuestInPlace() throws {
    let fixture = WorldFixture()
    let client = fixture.client()
    let guest = try client.signInAnonymously()
    #expect(guest.isAnonymous)
    let upgraded = try client.linkPassword(email: "Gus@Example.com", password: "Str0ng-pass")
    #expect(upgraded.uid == guest.uid)
    #expect(upgraded.isAnonymous == false)
    #expect(upgraded.email == "gus@example.com")
    #expect(upgraded.providers == [.password])
    client.signOut()
    let again = try client.signIn(email: "gus@example.com", password: "Str0ng-pass")
    #expect(again.uid == guest.uid)
  }

  @Test func aGuestCannotTakeAnEmailThatHasAnAccount() throws {
    let fixture = WorldFixture()
    fixture.account("alice@example.com")
    let client = fixture.client()
    _ = try client.signInAnonymously()
    #expect(
      errorCode { try client.linkPassword(email: "alice@example.com", password: "Str0ng-pass") }
        == .emailAlreadyInUse)
    #expect(client.currentUser?.isAnonymous == true)
  }

  /// A verified Google account that links a password with another address has an address no one proved: it is
  /// not verified (so it cannot enroll a second factor); with its own address it stays verified.
  @Test func aPasswordLinkedWithANewAddressLeavesItUnverified() throws {
    let fixture = WorldFixture()
    let gina = fixture.idp(.google, "gina@gmail.com", name: "Gina")
    let (_, tokens) = try fixture.backend.signInWithIdp(gina)
    let linked = try fixture.backend.linkPassword(
      tokens.idToken, email: "Not.Mine@example.com", password: "Str0ng-pass")
    #expect(linked.email == "not.mine@example.com" && !linked.emailVerified)

    let olga = fixture.idp(.google, "olga@gmail.com", name: "Olga")
    let (_, own) = try fixture.backend.signInWithIdp(olga)
    let kept = try fixture.backend.linkPassword(own.idToken, email: "OLGA@gmail.com", password: "Str0ng-pass")
    #expect(kept.email == "olga@gmail.com" && kept.emailVerified)
  }

  @Test func linkingAnIdentityProviderUpgradesTheGuestToo() throws {
    let fixture = WorldFixture()
    let guest = try fixture.backend.signInAnonymously()
    let idp = fixture.idp(.google, "gus@gmail.com", name: "Gus")
    let linked = try fixture.backend.link(guest.1.idToken, idp)
    #expect(linked.uid == guest.0.uid)
    #expect(linked.isAnonymous == false)
    #expect(linked.providers == [.google])
  }
}
