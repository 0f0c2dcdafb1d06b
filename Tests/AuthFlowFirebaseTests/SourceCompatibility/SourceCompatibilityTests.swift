import AuthFlowFirebase
import Foundation
import Testing

/// Runs the app-style code of AppStyleCode.swift against a world.
@Suite struct SourceCompatibilityTests {
  @Test @MainActor func sessionStoreFollowsTheWorld() async throws {
    let world = FirebaseWorld(settings: .withoutEnumerationProtection)
    try await world.withDevice("phone") {
      let store = SessionStore()
      store.listen()
      await store.signUp(email: "carol@example.com", password: "Str0ng-pass", nickname: "QuietFalcon")
      #expect(store.user?.displayName == "QuietFalcon")
      #expect(store.message == nil)
      try world.openLink(try #require(world.newestEmail(.verifyEmail, to: "carol@example.com")))
      store.refreshUserData()
      await Task.yield()
      for _ in 0..<100 where !store.isVerified { await Task.yield() }
      #expect(store.isVerified)
      store.signOut()
      #expect(store.user == nil)
      await store.signIn(email: "carol@example.com", password: "wrong-pass")
      #expect(store.message == "Wrong password")
      await store.signIn(email: "carol@example.com", password: "Str0ng-pass")
      #expect(store.user?.email == "carol@example.com")
      world.advance(by: .minutes(6))
      await #expect(throws: Error.self) { try await store.deleteUser(password: "wrong-pass") }
      try await store.deleteUser(password: "Str0ng-pass")
      #expect(store.user == nil)
      store.stopListening()
    }
  }

  @Test @available(*, deprecated) func loginControllerSignsInOrCreates() {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", displayName: "Bob")],
      identityProviderAccounts: [.twitter: [.init(email: "bob@example.com")]])
    world.withDevice("phone") {
      let controller = LoginController()
      controller.loginOrCreate(email: "bob@example.com", password: "Str0ng-pass")
      #expect(controller.errorText?.isEmpty == false, "under enumeration protection the lookup is empty")
      try? Auth.auth().signOut()
      controller.errorText = nil
      controller.socialLogin(provider: IdentityProviderSheet(providerID: "twitter.com"))
      #expect(controller.errorText == "Sign in to bob@example.com first, then link")
      controller.loginOrCreate(email: "new@example.com", password: "Str0ng-pass")
      #expect(controller.greeting == "Hello Stranger")
    }
  }
}
