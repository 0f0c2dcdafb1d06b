import AuthFlowFirebase
import Foundation
import Testing

/// State and ID-token listeners: called on registration, on each change, never after removal.
@Suite struct AuthListenerTests {
  let bob = FirebaseWorld.AccountSeed(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)

  @Test func stateListenerHearsSignInAndSignOutOnly() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    var heard: [String?] = []
    let handle = auth.addStateDidChangeListener { _, user in heard.append(user?.email) }
    #expect(heard == [nil], "called once on registration with the current user")
    try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    try await auth.currentUser?.reload()
    _ = try await auth.currentUser?.getIDToken(forcingRefresh: true)
    #expect(
      heard == [nil, "bob@example.com"], "a reload or a new token of the same user is no change of state")
    try auth.signOut()
    #expect(heard == [nil, "bob@example.com", nil])
    auth.removeStateDidChangeListener(handle)
    try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    #expect(heard == [nil, "bob@example.com", nil])
  }

  /// A view model's `deinit` removes its listener through `Auth.auth()`, outside its device: the process has one
  /// `Auth` in production, so the listener is removed whichever instance the handle is given to.
  @Test func aListenerIsRemovedThroughAnyInstance() async throws {
    let world = FirebaseWorld(accounts: [bob])
    nonisolated(unsafe) var calls = 0
    let handle = world.withDevice("phone") { Auth.auth().addStateDidChangeListener { _, _ in calls += 1 } }
    world.auth(for: "laptop").removeStateDidChangeListener(handle)
    try await world.auth(for: "phone").signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    #expect(calls == 1, "only the call on registration")
  }

  /// An app that lets no unverified user in signs out from its state listener. The SDK hands the sign-in its
  /// result before the listeners run, so the call still succeeds with its user; a listener registered after it
  /// is told of the change as it is when its turn comes (the user is gone), and so hears the next sign-in.
  @Test func aListenerThatSignsOutLeavesTheSignInItsUserAndTheOthersTheirTurn() async throws {
    let unverified = FirebaseWorld.AccountSeed(email: "una@example.com", password: "Str0ng-pass")
    let world = FirebaseWorld(accounts: [unverified])
    let auth = world.auth(for: "phone")
    auth.addStateDidChangeListener { auth, user in
      if let user, !user.isEmailVerified { try? auth.signOut() }
    }
    var heard: [String?] = []
    auth.addStateDidChangeListener { _, user in heard.append(user?.email) }
    let result = try await auth.signIn(withEmail: "una@example.com", password: "Str0ng-pass")
    #expect(result.user.email == "una@example.com")
    #expect(auth.currentUser == nil, "the first listener signed out")
    #expect(heard == [nil], "the user was gone when the second listener's turn came")
    try await auth.sendSignInLink(
      toEmail: "una@example.com",
      actionCodeSettings: {
        let settings = ActionCodeSettings()
        settings.url = URL(string: "https://example.com/finish")
        settings.handleCodeInApp = true
        return settings
      }())
    let link = try #require(world.newestEmail(.signInLink, to: "una@example.com")).link
    try await auth.signIn(withEmail: "una@example.com", link: link)
    #expect(
      heard == [nil, "una@example.com"], "verified by the link, she stays, and every listener hears her")
  }

  /// A listener that signs out is not called again before it returns: the sign-out's round waits for this one
  /// to end, as the SDK's next notification waits on the main queue. The app's listener below ends on the
  /// screen a device shows, the sign-in screen.
  @Test func aListenerIsNotCalledAgainWhileItRuns() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "una@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    var screen = "launch"
    var calls: [String] = []
    auth.addStateDidChangeListener { auth, user in
      calls.append("enter \(user?.email ?? "nil")")
      if let user, !user.isEmailVerified {
        try? auth.signOut()
        screen = "verify"
      } else if user == nil {
        screen = "signIn"
      }
      calls.append("exit")
    }
    try await auth.signIn(withEmail: "una@example.com", password: "Str0ng-pass")
    #expect(calls == ["enter nil", "exit", "enter una@example.com", "exit", "enter nil", "exit"])
    #expect(screen == "signIn")
  }

  @Test func idTokenListenerHearsRefreshesTheClockBrings() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    var tokens: [String] = []
    let handle = auth.addIDTokenDidChangeListener { _, user in
      tokens.append(user.map { _ in "user" } ?? "none")
    }
    #expect(tokens == ["user"])
    world.advance(by: .hours(1))
    #expect(tokens == ["user", "user"], "the token refresh 5 minutes before expiry is a new ID token")
    world.advance(by: .minutes(10))
    #expect(tokens.count == 2)
    auth.removeIDTokenDidChangeListener(handle)
    world.advance(by: .hours(1))
    #expect(tokens.count == 2)
  }

  @Test func idTokenListenerHearsEveryRefreshOfOneLongAdvance() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let auth = world.auth(for: "phone")
    try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    var tokens: [String] = []
    _ = auth.addIDTokenDidChangeListener { _, _ in tokens.append(Auth.auth().currentUser?.uid ?? "none") }
    // Refreshes at 00:55, 01:50 and 02:45: three new tokens, each heard, as in three shorter advances.
    world.advance(by: .hours(3))
    #expect(tokens.count == 4)
  }

  @Test func linkingACredentialIsANewIDTokenTheListenerHears() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    var heard = 0
    _ = auth.addIDTokenDidChangeListener { _, _ in heard += 1 }
    let before = try await guest.getIDToken()
    // As the service answers a link: new tokens for the same user, whose claims name the new method.
    let linked = try await guest.link(
      with: EmailAuthProvider.credential(withEmail: "gus@example.com", password: "Str0ng-pass"))
    #expect(linked.user.uid == guest.uid)
    #expect(heard == 2, "once on registration, once for the link's token")
    #expect(try await guest.getIDToken() != before)
    #expect(
      try await guest.getIDTokenResult().signInProvider == "password", "the new token names the method linked"
    )
  }

  @Test func listenersHearARevokedSessionEnd() async throws {
    let world = FirebaseWorld(accounts: [bob], signedIn: [(device: "phone", email: "bob@example.com")])
    let auth = world.auth(for: "phone")
    var heard: [String?] = []
    _ = auth.addStateDidChangeListener { _, user in heard.append(user?.uid == nil ? nil : "signed in") }
    world.admin(.revokeSessions(account: "bob@example.com"))
    world.advance(by: .hours(1))
    #expect(heard == ["signed in", nil], "the next refresh fails and the client signs out")
    #expect(auth.currentUser == nil)
  }
}
