import AuthFlowKit
import Testing

/// The backend's "administrator links an identity provider" rule, as `updateUser(uid, {providerToLink})` reaches
/// it through `ServedWorld.updateAccount(uid:_:)`.
@Suite struct ServedWorldAdminLinkTests {
  private let google = LinkedAccount(
    provider: .google, subject: "g-1", email: "linked@example.com", displayName: "Linked User",
    photoURL: "https://example.com/photo.jpg", federatedID: .some(nil))

  @Test func theLinkIsKeptAsDescribedAndSignsInToTheAccount() throws {
    let world = ServedWorld()
    let user = try world.signUp(email: "alice@example.com", password: "secret-1")
    let linked = try world.updateAccount(uid: user.account.uid, AdminAccountChanges(link: google))
    #expect(linked.links == [google])
    #expect(linked.displayName == nil && linked.photoURL == nil && linked.email == "alice@example.com")
    let signIn = try world.signInWithIdp(
      provider: .google, subject: "g-1", email: "linked@example.com", name: nil, emailVerified: true)
    #expect(signIn.session?.account.uid == user.account.uid)
    // No session is revoked by a link.
    #expect(throws: Never.self) { _ = try world.refresh(user.tokens.refreshToken) }
  }

  /// Alice, whose account an administrator linked to Google's `g-1`, and Bob, who has no link.
  func aliceLinkedAndBob() throws -> (world: ServedWorld, bob: String) {
    let world = ServedWorld()
    let alice = try world.signUp(email: "alice@example.com", password: "secret-1")
    let bob = try world.signUp(email: "bob@example.com", password: "secret-1")
    _ = try world.updateAccount(uid: alice.account.uid, AdminAccountChanges(link: google))
    return (world, bob.account.uid)
  }

  @Test func anIdentityProviderAccountLinksToOneAccountOnly() throws {
    let (world, bob) = try aliceLinkedAndBob()
    #expect(throws: AuthErrorCode.credentialAlreadyInUse) {
      try world.updateAccount(uid: bob, AdminAccountChanges(link: google))
    }
    #expect(world.account(uid: bob)?.links.isEmpty == true)
  }

  @Test func aProviderLinksOneAccountOfItsOwn() throws {
    let world = ServedWorld()
    let alice = try world.signUp(email: "alice@example.com", password: "secret-1")
    _ = try world.updateAccount(uid: alice.account.uid, AdminAccountChanges(link: google))
    var other = google
    other.subject = "g-2"
    #expect(throws: AuthErrorCode.providerAlreadyLinked) {
      try world.updateAccount(uid: alice.account.uid, AdminAccountChanges(link: other))
    }
    // Unlinked in the same call, the provider takes the new account.
    let replaced = try world.updateAccount(
      uid: alice.account.uid, AdminAccountChanges(unlink: [.google], link: other))
    #expect(replaced.links == [other])
    // The same account again rewrites its link.
    var renamed = other
    renamed.displayName = "Renamed"
    #expect(
      try world.updateAccount(uid: alice.account.uid, AdminAccountChanges(link: renamed)).links == [renamed])
  }

  @Test func aFailedLinkChangesNothingElse() throws {
    let (world, bob) = try aliceLinkedAndBob()
    #expect(throws: AuthErrorCode.credentialAlreadyInUse) {
      try world.updateAccount(uid: bob, AdminAccountChanges(displayName: "Bob", link: google))
    }
    #expect(world.account(uid: bob)?.displayName == nil)
  }

  @Test func anIdentityProviderSignInDescribesItsLink() throws {
    let world = ServedWorld()
    let signIn = try world.signInWithIdp(
      provider: .github, subject: "octo", email: "octo@example.com", name: "Octo Cat", emailVerified: true,
      photoURL: "https://example.com/octo.png")
    let link = try #require(signIn.session?.account.links.first)
    #expect(link.displayName == "Octo Cat" && link.photoURL == "https://example.com/octo.png")
    #expect(link.federatedID == "octo")
  }
}
