import AuthFlowFirebase
import AuthFlowKit
import Foundation
import Testing

/// The harness: devices, `Auth.auth()`, determinism.
@Suite struct FirebaseWorldTests {
  let bob = FirebaseWorld.AccountSeed(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)

  @Test func eachDeviceHasItsOwnAuthAndSession() async throws {
    let world = FirebaseWorld(accounts: [bob])
    try await world.withDevice("laptop") {
      try await Auth.auth().signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
      #expect(Auth.auth() === world.auth(for: "laptop"))
    }
    #expect(world.auth(for: "laptop").currentUser?.email == "bob@example.com")
    #expect(world.auth(for: "phone").currentUser == nil)
    #expect(world.auth(for: "phone") === world.auth(for: "phone"))
  }

  @Test func tasksStartedInsideWithDeviceKeepTheDevice() async throws {
    let world = FirebaseWorld(accounts: [bob])
    let email = await world.withDevice("phone") {
      await Task {
        _ = try? await Auth.auth().signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
        return Auth.auth().currentUser?.email
      }.value
    }
    #expect(email == "bob@example.com")
  }

  @Test func theSameSeedGivesTheSameWorld() async throws {
    func play(seed: UInt64) async throws -> ([String], String) {
      let world = FirebaseWorld(seed: seed)
      let user = try await world.auth(for: "phone").createUser(
        withEmail: "c@example.com", password: "Str0ng-pass"
      )
      .user
      try await user.sendEmailVerification()
      return (world.transcript.map { "\($0.time) \($0.actor) \($0.text)" }, user.uid)
    }
    let first = try await play(seed: 7)
    let second = try await play(seed: 7)
    let other = try await play(seed: 8)
    #expect(first == second)
    #expect(first.1 != other.1)
    #expect(first.0.contains { $0.contains("signUp(c@example.com, ‹password›) → ok") })
  }

  @Test func passwordsNeverReachTheTranscript() async throws {
    let world = FirebaseWorld(accounts: [bob])
    try await world.auth(for: "phone").signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
    #expect(!world.transcript.contains { $0.text.contains("Str0ng-pass") })
  }
}

/// `FirebaseWorld.currentDevice` is process-wide, so this suite runs alone.
@Suite(.serialized) struct FirebaseWorldCurrentDeviceTests {
  @Test func currentDeviceMakesAuthAuthReturnIt() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")])
    world.currentDevice = "phone"
    defer { world.currentDevice = nil }
    #expect(world.currentDevice == "phone")
    #expect(Auth.auth() === world.auth(for: "phone"))
    world.currentDevice = "laptop"
    #expect(Auth.auth() === world.auth(for: "laptop"))
    await world.withDevice("phone") { #expect(Auth.auth() === world.auth(for: "phone")) }
  }

  /// A terminated app's listeners hear nothing more: only the instance launched last hears the sign-out. And in
  /// a scenario run, code no task-local reaches gets the instance of the device whose code ran last.
  @Test func aTerminatedAppStopsListeningAndUnboundCodeGetsTheLastDevice() throws {
    let outcome = try playScenarios(
      """
      scenario: Three launches, one listener left
      given:
        accounts: [{ email: ann@example.com, password: Str0ng-pass }]
      steps:
        - sign_in: { email: ann@example.com, password: Str0ng-pass }
        - terminate
        - launch
        - terminate
        - launch
        - sign_out:
          expect: { ui: { heard: "1:nil 1:ann@example.com 2:ann@example.com 3:ann@example.com 3:nil" } }
        - refresh:
          expect: { ui: { unbound_auth_is_this_device: "true" } }
      """, on: LaunchesMachine.descriptor)
    #expect(outcome.problems == [])
    #expect(outcome.results.map(\.status) == [.passed], "\(outcome.results.map(\.failure))")
  }
}

/// What happens outside a world, and under concurrent calls.
@Suite struct FirebaseWorldMisuseTests {
  /// Code that forgot its world gets an instance that signs nobody in and says why, not a crashed process.
  @Test func authOutsideAWorldFailsEveryCallSayingWhy() async throws {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let auth = Auth.auth()
      guard auth.currentUser == nil, Auth.auth() === auth else { exit(1) }
      do {
        _ = try await auth.createUser(withEmail: "bob@example.com", password: "Str0ng-pass")
        exit(2)
      } catch let error as NSError {
        guard error.domain == AuthErrors.domain, error.code == AuthErrorCode.internalError.rawValue,
          error.localizedDescription.hasPrefix("Auth.auth() was called outside an authflow world")
        else { exit(3) }
      }
      guard auth.currentUser == nil else { exit(4) }
    }
    let standardError = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("authflow: Auth.auth() was called outside an authflow world"))
  }

  /// A view model's `deinit` removes its listener through `Auth.auth()` outside its device: that works, so
  /// nothing is said on standard error.
  @Test func removingAListenerOutsideAWorldWorksSilently() async throws {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let world = FirebaseWorld()
      let handle = world.withDevice("phone") { Auth.auth().addStateDidChangeListener { _, _ in } }
      Auth.auth().removeStateDidChangeListener(handle)
    }
    let standardError = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(!standardError.contains("outside an authflow world"), "\(standardError)")
  }

  @Test func concurrentCallsFromManyTasksAreSerialised() async throws {
    let accounts = (0..<20).map {
      FirebaseWorld.AccountSeed(email: "user\($0)@example.com", password: "Str0ng-pass")
    }
    let world = FirebaseWorld(accounts: accounts)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          let auth = world.auth(for: "device\(index)")
          for _ in 0..<5 {
            try await auth.signIn(withEmail: "user\(index)@example.com", password: "Str0ng-pass")
            try await auth.currentUser?.reload()
            try auth.signOut()
          }
          try await auth.signIn(withEmail: "user\(index)@example.com", password: "Str0ng-pass")
        }
      }
      try await group.waitForAll()
    }
    for index in 0..<20 {
      #expect(world.auth(for: "device\(index)").currentUser?.email == "user\(index)@example.com")
    }
  }
}
