import Testing

@testable import AuthFlowKit

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

  @Test func anEmptyRunReturnsAtOnce() {
    #expect(RunConfiguration().run([], jobs: 4).isEmpty)
  }
}
