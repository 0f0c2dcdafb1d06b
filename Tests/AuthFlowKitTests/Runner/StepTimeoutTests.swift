import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// A gate a test opens to let a looping machine's thread finish, so no test leaves a core spinning.
private final class Gate: @unchecked Sendable {
  private let lock = NSLock()
  private var open = false
  private var spinning = 0

  func release() { lock.withLock { open = true } }
  var isOpen: Bool { lock.withLock { open } }
  func noteSpinning() { lock.withLock { spinning += 1 } }
  var spins: Int { lock.withLock { spinning } }

  /// Text written from several threads.
  final class Text: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ more: String) { lock.withLock { text += more } }
    var value: String { lock.withLock { text } }
  }
}

/// An app stuck in a loop that never calls its auth client when the user pulls to refresh: the per-step
/// call budget cannot see it, only the clock can. The loop ends when the test opens its gate.
private final class LoopingMachine: Machine {
  let gate: Gate
  init(gate: Gate) { self.gate = gate }

  var state: AuthState { .signedOut }
  var screen: String { "start" }
  var error: AuthErrorCode? { nil }
  var ui: [String: String] { [:] }

  func perform(_ action: Action) throws {
    guard action == .refresh else { return }
    gate.noteSpinning()
    while !gate.isOpen {}
  }
}

@Suite("Misbehaving in-process machines")
struct StepTimeoutTests {
  static let actions: [ActionKind] = [.launch, .foreground, .background, .refresh]

  fileprivate static func registry(gate: Gate) -> MachineRegistry {
    var registry = MachineRegistry.builtIn
    registry.register(
      MachineDescriptor(
        name: "looping", summary: "loops on refresh", supportedActions: actions, screens: ["start"]
      ) { _ in LoopingMachine(gate: gate) })
    // A calm machine whose one mutant loops on refresh, for `mutants`.
    registry.register(
      MachineDescriptor(
        name: "calm", summary: "does nothing", supportedActions: actions, screens: ["start"]
      ) { _ in IdleMachine() })
    registry.register(
      MachineDescriptor(
        name: "calm~loops", summary: "loops on refresh", supportedActions: actions, screens: ["start"]
      ) { _ in LoopingMachine(gate: gate) })
    registry.register(
      MachineDescriptor(
        name: "throwing", summary: "throws on refresh", supportedActions: actions, screens: ["start"]
      ) { _ in CrashingMachine() })
    return registry
  }

  /// Three scenarios per file machine: the second one refreshes, so a misbehaving machine trips on it.
  static func scenarios(machine: String) throws -> [Scenario] {
    let yaml = """
      scenario: Before
      machine: \(machine)
      steps: [launch, background]
      ---
      scenario: Stuck
      machine: \(machine)
      steps:
        - launch
        - refresh
        - foreground
      ---
      scenario: After
      machine: \(machine)
      steps: [launch, foreground]
      """
    let loaded = ScenarioLoader().load(yaml: yaml, file: "misbehaving.yaml")
    try #require(loaded.diagnostics.isEmpty)
    return loaded.scenarios
  }

  @Test(arguments: [1, 2])
  func aStepThatNeverEndsErrorsItsScenarioAndTheRunGoesOn(jobs: Int) throws {
    let gate = Gate()
    defer { gate.release() }
    var configuration = RunConfiguration(registry: Self.registry(gate: gate))
    configuration.stepTimeout = .milliseconds(200)
    var handled: [String] = []
    let results = configuration.run(try Self.scenarios(machine: "looping"), jobs: jobs) {
      handled.append($0.name)
    }
    #expect(gate.spins == 1)
    #expect(results.map(\.name) == ["Before", "Stuck", "After"])
    #expect(handled == ["Before", "Stuck", "After"])
    #expect(results.map(\.status) == [.passed, .errored, .passed])
    let stuck = results[1]
    #expect(stuck.failure?.step == 2)
    #expect(stuck.failure?.location.line == 9)
    #expect(
      stuck.failure?.message
        == "step 2: machine 'looping' did not finish 'refresh' within 0.2s (--step-timeout); it may be looping "
        + "without calling its auth client. It was left running; the other scenarios ran.")
    #expect(stuck.steps.map(\.status) == [.passed, .errored, .skipped])
    // It ran until given up on: reports show that time, not 0.
    #expect(stuck.durationSeconds >= 0.2, "\(stuck.durationSeconds)")
  }

  @Test func aMachineThatThrowsErrorsOnlyItsScenario() throws {
    let configuration = RunConfiguration(registry: Self.registry(gate: Gate()))
    let results = configuration.run(try Self.scenarios(machine: "throwing"), jobs: 2)
    #expect(results.map(\.status) == [.passed, .errored, .passed])
    #expect(results[1].failure?.message == "step 2: machine 'throwing' failed: the app crashed on refresh")
  }

  @Test func stepsThatEndInTimeAreNotTouchedByATightTimeout() throws {
    var configuration = RunConfiguration()
    configuration.stepTimeout = .milliseconds(500)
    let loaded = Repository.bundledScenarios()
    try #require(loaded.diagnostics.isEmpty)
    let results = configuration.run(loaded.scenarios, jobs: 2)
    #expect(
      results.allSatisfy { $0.status == .passed }, "\(results.filter { $0.status != .passed }.map(\.name))")
  }

  @Test func exploreStopsAtAStepThatNeverEndsAndSaysWhere() throws {
    let gate = Gate()
    defer { gate.release() }
    let output = Gate.Text()
    let io = CommandIO(out: { output.append($0) }, err: { output.append($0) })
    var request = Commands.ExploreRequest(
      machine: "looping", seed: 1, runs: 50, depth: 10, registry: Self.registry(gate: gate))
    request.out = TestFiles.root.appendingPathComponent(UUID().uuidString).path
    request.stepTimeout = .milliseconds(200)
    #expect(Commands.explore(request, io: io) == .failures)
    let text = output.value
    #expect(text.contains(" hung: machine 'looping' did not finish step "), "\(text)")
    #expect(text.contains("('refresh') within 0.2s (--step-timeout); it may be looping"), "\(text)")
    #expect(
      text.hasSuffix(
        "authflow explore --machine looping --seed 1 --runs 50 --depth 10 --step-timeout 200ms reaches it again.\n"
      ),
      "\(text)")
    #expect(gate.spins == 1)
  }

  @Test func mutantsCountsAMutantWhoseStepNeverEndsAsKilledAndGoesOn() throws {
    let gate = Gate()
    defer { gate.release() }
    let folder = TestFiles.root.appendingPathComponent(
      "authflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("calm.yaml")
    try """
    scenario: Pull to refresh
    machine: calm
    steps: [launch, refresh, foreground]
    """.write(to: file, atomically: true, encoding: .utf8)
    let output = Gate.Text()
    let io = CommandIO(out: { output.append($0) }, err: { output.append($0) })
    var options = Commands.MutantsOptions(
      paths: [file.path], machine: "calm", registry: Self.registry(gate: gate))
    options.stepTimeout = .milliseconds(200)
    #expect(Commands.mutants(options, io: io) == .success)
    #expect(output.value.contains("  killed    calm~loops — by 'Pull to refresh'"), "\(output.value)")
    #expect(output.value.hasSuffix("mutation score: 1/1 killed\n"))
    #expect(gate.spins == 1)
  }

  @Test func theCommandLineRefusesANonsensicalStepTimeout() throws {
    let run = try Authflow.run(["run", "--step-timeout", "0", "Scenarios"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--step-timeout must be a number of seconds above 0 and at most 3600"))
    #expect(try Authflow.run(["explore", "--step-timeout", "-1"]).status == 2)
    #expect(try Authflow.run(["mutants", "--step-timeout", "nan"]).status == 2)
    #expect(try Authflow.run(["run", "--exec-timeout", "90m", "Scenarios"]).status == 2)
  }

  /// The limits read as durations are written in scenarios, besides a number of seconds.
  @Test(arguments: ["2s", "500ms", "1m", "1h", "2.5", " 3"])
  func theCommandLineTakesATimeoutWithAUnit(value: String) throws {
    let run = try Authflow.run([
      "run", "--step-timeout", value, "--exec-timeout", value, Fixture.path("passing.yaml"),
    ])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
  }
}
