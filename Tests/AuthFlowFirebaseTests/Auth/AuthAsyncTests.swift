import AuthFlowFirebase
import Foundation
import Testing

/// `authStateChanges` and `idTokenChanges`: the listeners as async sequences.
///
/// The limits catch an iterator that never resumes. They are generous: the tests that run the command as a child
/// process wait on the shared pool's threads (two on a two-core machine), and a `next()` waits for one.
@Suite struct AuthAsyncTests {
  @Test(.timeLimit(.minutes(5))) @MainActor func authStateChangesYieldTheUserNowThenEachChange() async throws
  {
    let world = FirebaseWorld(accounts: [.init(email: "ana@example.com", password: "Str0ng-pass")])
    try await world.withDevice("phone") {
      var states = Auth.auth().authStateChanges.makeAsyncIterator()
      let now = await states.next()
      #expect(now.map { $0 == nil } == true, "signed out: the sequence starts with nil")
      let user = try await Auth.auth().signIn(withEmail: "ana@example.com", password: "Str0ng-pass").user
      let signedIn = await states.next()
      #expect(signedIn.flatMap { $0 }?.uid == user.uid)
      try Auth.auth().signOut()
      let signedOut = await states.next()
      #expect(signedOut.map { $0 == nil } == true)
    }
  }

  @Test(.timeLimit(.minutes(5))) @MainActor func idTokenChangesYieldEachNewToken() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "ana@example.com", password: "Str0ng-pass")],
      signedIn: [(device: "phone", email: "ana@example.com")])
    try await world.withDevice("phone") {
      let session = AsyncSessionModel()
      var tokens = Auth.auth().idTokenChanges.makeAsyncIterator()
      #expect(ListenerKind.of(tokens) == "ID token")
      #expect(ListenerKind.of(Auth.auth().authStateChanges.makeAsyncIterator()) == "state")
      let now = await tokens.next()
      #expect(now.flatMap { $0 }?.email == "ana@example.com")
      _ = try await Auth.auth().currentUser?.getIDToken(forcingRefresh: true)
      let refreshed = await tokens.next()
      #expect(refreshed.flatMap { $0 }?.email == "ana@example.com")

      // A view model that follows the state in a task of its own sees the sign-out.
      let watching = Task { await session.watchUntilSignedOut() }
      for _ in 0..<100 where session.email == nil { await Task.yield() }
      #expect(session.email == "ana@example.com")
      try Auth.auth().signOut()
      await watching.value
      #expect(session.email == nil)
    }
  }
}
