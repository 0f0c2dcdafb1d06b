import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// A machine whose app crashes when the user pulls to refresh.
final class CrashingMachine: Machine {
  var state: AuthState { .signedOut }
  var screen: String { "start" }
  var error: AuthErrorCode? { nil }
  var ui: [String: String] { [:] }

  func perform(_ action: Action) throws {
    if action == .refresh { throw Crash() }
  }

  /// What the app throws when it crashes.
  struct Crash: Error, CustomStringConvertible {
    var description: String { "the app crashed on refresh" }
  }
}

/// A machine that calls its auth client `calls` times when the user pulls to refresh, like an app stuck in a
/// retry loop.
private final class ChattyMachine: Machine {
  private let client: AuthClient
  private let calls: Int
  private(set) var error: AuthErrorCode?

  init(context: MachineContext, calls: Int) {
    client = context.client
    self.calls = calls
  }

  var state: AuthState { .signedOut }
  var screen: String { "start" }
  var ui: [String: String] { [:] }

  func perform(_ action: Action) throws {
    error = nil
    guard action == .refresh else { return }
    for _ in 0..<calls {
      do { _ = try client.fetchSignInMethods(email: "alice@example.com") } catch { self.error = error }
    }
  }
}

/// A machine that, told of an auth error, retries `reload` `calls` times in a row: an app stuck in a retry loop
/// outside any action, on what a `wait`'s failed token refresh told it.
private final class RetryingMachine: Machine {
  private let client: AuthClient
  private(set) var error: AuthErrorCode?

  init(context: MachineContext, calls: Int) {
    client = context.client
    client.onAuthStateChange = { [weak self] change in
      guard change.error != nil, let self else { return }
      for _ in 0..<calls {
        do throws(AuthErrorCode) { _ = try self.client.reload() } catch { self.error = error }
      }
    }
  }

  var state: AuthState { client.currentUser == nil ? .signedOut : .signedIn }
  var screen: String { "start" }
  var ui: [String: String] { [:] }
  func perform(_ action: Action) throws { error = nil }
}

/// A form whose Go button is disabled: it shows `go_enabled` as `false`.
private final class FormMachine: Machine {
  var state: AuthState { .signedOut }
  var screen: String { "login" }
  var error: AuthErrorCode? { nil }
  var ui: [String: String] { ["go_enabled": "false"] }
  func perform(_ action: Action) throws {}
}

/// How the runner plays steps, checks expectations and ends a scenario (SPEC 2.3, 2.4, 3, 4).
@Suite("Scenario runner")
struct ScenarioRunnerTests {
  static let registry: MachineRegistry = {
    var registry = MachineRegistry.builtIn
    let actions: [ActionKind] = [.launch, .terminate, .background, .foreground, .refresh]
    registry.register(
      MachineDescriptor(
        name: "crashing", summary: "crashes on refresh", supportedActions: actions, screens: ["start"]
      ) { _ in CrashingMachine() })
    registry.register(
      MachineDescriptor(
        name: "form", summary: "a disabled Go button", supportedActions: actions, screens: ["login"]
      ) { _ in FormMachine() })
    for calls in [AuthClient.callBudget, AuthClient.callBudget + 1] {
      registry.register(
        MachineDescriptor(
          name: "chatty-\(calls)", summary: "calls the client \(calls) times on refresh",
          supportedActions: actions, screens: ["start"]
        ) { ChattyMachine(context: $0, calls: calls) })
      registry.register(
        MachineDescriptor(
          name: "retrying-\(calls)", summary: "reloads \(calls) times when told of an auth error",
          supportedActions: actions, screens: ["start"]
        ) { RetryingMachine(context: $0, calls: calls) })
    }
    return registry
  }()

  static let aliceAccount = """
    given:
      accounts:
        - { email: alice@example.com, password: correct-horse, email_verified: true }
    """

  // MARK: - Failures and errors

  @Test func aFailureNamesTheStepThePlaceOfTheKeyTheKeyAndWhatWasExpectedAndFound() throws {
    let yaml = MarkedYAML(
      """
      scenario: Fails at step 2
      \(Self.aliceAccount)
      steps:
        - sign_in: { email: alice@example.com, password: correct-horse }
          expect: { state: signedIn }
        - expect: { state: signedIn, 1️⃣screen: accountSettings, error: none }
        - sign_out
        - expect: { state: signedOut }
      """)
    let result = try play(yaml)
    #expect(result.status == .failed)
    let failure = try #require(result.failure)
    #expect(failure.step == 2)
    #expect(failure.location == yaml.location("1️⃣"))
    #expect(failure.location.description == "test.yaml:8:32")
    #expect(failure.key == "screen")
    #expect(failure.expected == "accountSettings")
    #expect(failure.actual == "home")
    #expect(failure.message == "step 2: screen: expected accountSettings, found home")
    #expect(result.stepStatuses == [.passed, .failed, .skipped, .skipped])
    #expect(result.entries("phone", containing: "✗ screen: expected accountSettings, found home").count == 1)
    #expect(result.entries("phone", containing: "step 3").isEmpty, "a skipped step must not run")
    #expect(result.entries("phone", containing: "signOut").isEmpty, "a skipped step must not run")
  }

  @Test func anExpectModifierFailsAtItsKeyOnTheActionStep() throws {
    let yaml = MarkedYAML(
      """
      scenario: Fails in a modifier
      \(Self.aliceAccount)
      steps:
        - sign_in: { email: alice@example.com, password: wrong-horse }
          expect:
            state: signedOut
            1️⃣error: auth/wrong-password
      """)
    let result = try play(yaml)
    let failure = try #require(result.failure)
    #expect(failure.step == 1)
    #expect(failure.location == yaml.location("1️⃣"))
    #expect(failure.key == "error")
    #expect(failure.expected == "wrong-password")
    #expect(failure.actual == "invalid-credential")
    #expect(result.stepStatuses == [.failed])
  }

  @Test func aMachineThatThrowsErrorsTheScenarioWithItsMessage() throws {
    let yaml = MarkedYAML(
      """
      scenario: Crash
      steps:
        - background
        - 1️⃣refresh
        - foreground
      """)
    let result = try play(yaml, machine: "crashing", registry: Self.registry)
    #expect(result.status == .errored)
    let failure = try #require(result.failure)
    #expect(failure.step == 2)
    #expect(failure.location == yaml.location("1️⃣"))
    #expect(failure.message == "step 2: machine 'crashing' failed: the app crashed on refresh")
    #expect(result.stepStatuses == [.passed, .errored, .skipped])
  }

  @Test(arguments: [
    (AuthClient.callBudget, ScenarioResult.Status.passed), (AuthClient.callBudget + 1, .errored),
  ])
  func aMachineMakingMoreThanTheCallBudgetInOneStepErrors(calls: Int, status: ScenarioResult.Status) throws {
    let result = try play(
      """
      scenario: Retry loop
      steps:
        - refresh
        - refresh
      """, machine: "chatty-\(calls)", registry: Self.registry)
    #expect(result.status == status, "\(result.failure?.message ?? "")")
    #expect(result.entries("phone", containing: "fetchSignInMethods").count <= 2 * AuthClient.callBudget)
    if status == .errored {
      #expect(
        result.failure?.message
          == "step 1: machine 'chatty-\(calls)' made more than 1000 auth-client calls in one step")
      #expect(result.stepStatuses == [.errored, .skipped])
    }
  }

  @Test func anActionOnATerminatedDeviceErrors() throws {
    let yaml = MarkedYAML(
      """
      scenario: Terminated
      \(Self.aliceAccount)
      steps:
        - terminate
        - 1️⃣sign_in: { email: alice@example.com, password: correct-horse }
        - launch
      """)
    let result = try play(yaml)
    #expect(result.status == .errored)
    let failure = try #require(result.failure)
    #expect(failure.location == yaml.location("1️⃣"))
    #expect(
      failure.message == "step 2: phone is not running (terminated); add a 'launch' step before 'sign_in'")
    #expect(result.stepStatuses == [.passed, .errored, .skipped])
  }

  @Test func aTerminatedAppShowsNothingUntilItIsLaunched() throws {
    let result = try play(
      """
      scenario: Terminated, then launched
      steps:
        - terminate
        - expect: { state: signedOut }
      """)
    #expect(result.failure?.actual == "not running")
    expectPassed(
      try play(
        """
        scenario: Terminated, then launched
        steps:
          - terminate
          - launch
          - expect: { state: signedOut, screen: signIn }
        """))
  }

  /// `foreground` on an app already in the foreground is still delivered, and the transcript says iOS would
  /// send no such event, so a scenario that passes on it can be told apart.
  @Test func aForegroundOnAnAppAlreadyThereIsMarkedInTheTranscript() throws {
    let result = try play(
      """
      scenario: Foreground twice
      steps:
        - foreground
        - background
        - foreground
      """)
    let lines = result.transcript.map(\.text).filter { $0.hasPrefix("app comes to the foreground") }
    #expect(
      lines == [
        "app comes to the foreground (it already was: iOS sends no such event; 'background' first)",
        "app comes to the foreground",
      ])
  }

  @Test func followingALinkNoEmailMatchesFailsAtThatStep() throws {
    let yaml = MarkedYAML(
      """
      scenario: No reset email
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
        - 1️⃣follow_link: { mail: password_reset, to: Carol@Example.com }
        - follow_link: { mail: verify_email, to: carol@example.com }
      """)
    let result = try play(yaml)
    #expect(result.status == .failed)
    let failure = try #require(result.failure)
    #expect(failure.step == 2)
    #expect(failure.location == yaml.location("1️⃣"))
    #expect(failure.key == "follow_link")
    #expect(failure.expected == "a password_reset email to carol@example.com in the outbox")
    #expect(failure.actual == "none (1 email(s) sent in all)")
    #expect(result.stepStatuses == [.passed, .failed, .skipped])
    #expect(result.entries("backend", containing: "verified").isEmpty)
  }

  /// The first key that does not hold, in file order, fails the step; the step's other checks are still made,
  /// so one run shows each that does not hold: in the transcript, and named after the failure's message.
  @Test func theFirstKeyThatDoesNotHoldInFileOrderFailsTheStep() throws {
    let result = try play(
      """
      scenario: Two wrong keys
      steps:
        - expect: { screen: home, error: none, state: signedIn }
      """)
    #expect(result.failure?.key == "screen")
    #expect(
      result.failure?.message
        == "step 1: screen: expected home, found signIn; also not as expected: state")
    let checks = result.transcript.filter { $0.text.hasPrefix("✓") || $0.text.hasPrefix("✗") }
    #expect(
      checks.map(\.text) == [
        "✗ screen: expected home, found signIn", "✓ error is none",
        "✗ state: expected signedIn, found signedOut",
      ])
    #expect(result.stepStatuses == [.failed])
  }

  @Test func theFilesMachineIsUsedUnlessTheCommandLineNamesOne() throws {
    let scenario = try loadScenario(
      """
      scenario: Delete
      machine: authkit~delete-without-reauth
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com }
      steps:
        - delete_account:
          expect: { screen: reauthenticate }
      """)
    let fromFile = RunConfiguration().run(scenario)
    #expect(fromFile.machine == "authkit~delete-without-reauth")
    #expect(fromFile.status == .failed)
    let overridden = RunConfiguration(machine: "authkit").run(scenario)
    #expect(overridden.machine == "authkit")
    expectPassed(overridden)
  }

  @Test func aWorldStepsDeviceIsTheOneItsExpectReadsAndTheOneNetworkTakesOffline() throws {
    expectPassed(
      try play(
        """
        scenario: World steps on a device
        devices: [phone, laptop]
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse, email_verified: true }
          signed_in: { laptop: alice@example.com }
        steps:
          - wait: 1m
            device: laptop
            expect: { state: signedIn, screen: home }
          - network: { online: false }
            device: laptop
            expect: { state: signedIn }
          - sign_in: { email: alice@example.com, password: correct-horse }
            expect: { state: signedIn, error: none }
          - refresh:
            device: laptop
            expect: { state: signedIn, error: network-request-failed }
        """))
  }

  @Test func anUnknownMachineErrorsEveryStepSkipped() throws {
    let scenario = try loadScenario(
      """
      scenario: Unknown machine
      steps:
        - background
        - foreground
      """)
    let result = RunConfiguration(machine: "autkit").run(scenario)
    #expect(result.status == .errored)
    #expect(result.failure?.message.hasPrefix("unknown machine 'autkit'; did you mean 'authkit'?") == true)
    #expect(result.stepStatuses == [.skipped, .skipped])
  }
}
