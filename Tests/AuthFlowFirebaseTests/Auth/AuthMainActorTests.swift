import AuthFlowFirebase
import Foundation
import Testing

/// A `@MainActor` view model whose state listener sets its own state, the common iOS pattern: FirebaseAuth calls
/// the listener on the main thread, so it must run on the main actor in a plain test too.
@MainActor private final class AccountModel {
  private(set) var email: String?
  private(set) var calls = 0
  private var handle: NSObjectProtocol?
  private let auth: Auth

  init(auth: Auth) {
    self.auth = auth
    handle = auth.addStateDidChangeListener { [weak self] _, user in
      // Traps when called off the main actor, as Swift's isolation checks in such a listener do.
      MainActor.assumeIsolated {
        self?.email = user?.email
        self?.calls += 1
      }
    }
  }

  func signIn() async throws {
    try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
  }

  func createGuestThenLink() async throws {
    let guest = try await auth.signInAnonymously()
    let credential = EmailAuthProvider.credential(withEmail: "gus@example.com", password: "Str0ng-pass")
    try await guest.user.link(with: credential)
  }

  func signOut() throws { try auth.signOut() }
}

@Suite struct AuthMainActorTests {
  let bob = FirebaseWorld.AccountSeed(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)

  /// The async member starts on the view model's actor and stays there in a plain test, so the listener it wakes
  /// runs on the main actor, before the member returns.
  @Test func aMainActorViewModelsListenerRunsOnTheMainActorInAPlainTest() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let model = await AccountModel(auth: world.auth(for: "phone"))
    try await model.signIn()
    #expect(await model.email == "bob@example.com")
    try await model.signOut()
    #expect(await model.email == nil)
    try await model.createGuestThenLink()
    #expect(await model.calls == 4, "registration, sign-in, sign-out, the guest; the link keeps the user")
  }
}
