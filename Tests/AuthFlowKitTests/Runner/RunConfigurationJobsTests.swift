import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite struct RunConfigurationJobsTests {
  /// Runs the bundled scenarios on a mutant, so some fail and print transcripts, with `jobs` threads.
  func run(jobs: Int) throws -> (results: [ScenarioResult], handled: [String]) {
    let loaded = Repository.bundledScenarios()
    try #require(loaded.diagnostics.isEmpty)
    let configuration = RunConfiguration(machine: "authkit~unverified-is-signed-in")
    var handled: [String] = []
    let results = configuration.run(loaded.scenarios, jobs: jobs) { handled.append($0.file) }
    return (results, handled)
  }

  @Test(arguments: [2, 3, 8, 1000])
  func resultsComeBackInLoadOrderWhateverTheNumberOfJobs(jobs: Int) throws {
    let sequential = try run(jobs: 1)
    let parallel = try run(jobs: jobs)
    let console = ConsoleReporter(verbose: true)
    #expect(parallel.results.contains { $0.status == .failed }, "the mutant should fail some scenarios")
    #expect(console.report(parallel.results) == console.report(sequential.results))
    #expect(parallel.handled == sequential.handled)
    #expect(parallel.handled == parallel.results.map(\.file))
  }

  @Test(arguments: [1, 2])
  func narratingOnlyFailuresTellsEachFailureAsTheFullRunDoes(jobs: Int) throws {
    let loaded = Repository.bundledScenarios()
    try #require(loaded.diagnostics.isEmpty)
    let configuration = RunConfiguration(machine: "authkit~unverified-is-signed-in")
    let every = configuration.run(loaded.scenarios, jobs: jobs, narration: .every)
    let failures = configuration.run(loaded.scenarios, jobs: jobs, narration: .failures)
    #expect(failures.contains { $0.status == .failed } && failures.contains { $0.status == .passed })
    for (told, untold) in zip(every, failures) {
      #expect(untold.status == told.status)
      #expect(untold.failure == told.failure)
      #expect(untold.steps == told.steps)
      // A failure is told from its one play, word for word as a narrated run tells it; a pass keeps none.
      #expect(untold.transcript == (told.status == .passed ? [] : told.transcript), "\(told.name)")
    }
    #expect(ConsoleReporter().report(failures) == ConsoleReporter().report(every))
  }

  /// A failing scenario is played once: its transcript is recorded during that one play, not by a replay.
  @Test(arguments: [RunConfiguration.Narration.failures, .every])
  func aFailingScenarioIsPlayedOnce(narration: RunConfiguration.Narration) throws {
    let plays = PlayCounter()
    var registry = MachineRegistry.builtIn
    registry.register(
      MachineDescriptor(
        name: "counted", summary: "never signs in", supportedActions: [.launch, .refresh], screens: ["start"]
      ) { _ in
        plays.count()
        return IdleMachine()
      })
    let scenario = try loadScenario(
      """
      scenario: Refresh signs in (it does not)
      machine: counted
      steps:
        - refresh
        - expect: { state: signedIn }
      """, registry: registry)
    let results = RunConfiguration(registry: registry).run([scenario], jobs: 1, narration: narration)
    #expect(results.map(\.status) == [.failed])
    #expect(plays.value == 1)
    #expect(
      results.first?.transcript.contains { $0.text == "✗ state: expected signedIn, found signedOut" } == true)
  }

  @Test func anEmptyRunReturnsAtOnce() {
    #expect(RunConfiguration().run([], jobs: 4).isEmpty)
  }
}

/// Counts how many times a machine is made (one device: once per play).
private final class PlayCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var plays = 0
  func count() { lock.withLock { plays += 1 } }
  var value: Int { lock.withLock { plays } }
}
