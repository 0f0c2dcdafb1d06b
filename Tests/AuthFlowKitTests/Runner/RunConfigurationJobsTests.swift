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
      // The replay of a failure is the same run, word for word; a pass builds no transcript.
      #expect(untold.transcript == (told.status == .passed ? [] : told.transcript), "\(told.name)")
    }
    #expect(ConsoleReporter().report(failures) == ConsoleReporter().report(every))
  }

  @Test func anEmptyRunReturnsAtOnce() {
    #expect(RunConfiguration().run([], jobs: 4).isEmpty)
  }
}
