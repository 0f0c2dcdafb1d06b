import AuthFlowEngine
import AuthFlowLanguage

/// Runs scenario files from your own tests and fails with what went wrong.
///
/// ```swift
/// @Test func authScenarios() throws {
///   try ScenarioCheck.verify(paths: ["Scenarios"], machine: "notes", registry: NotesApp.registry)
/// }
/// ```
/// A scenario that fails or errors makes `verify` throw a ``ScenarioCheck/Failures`` whose description holds
/// each failure — step, `file:line:column`, expected and found — and its transcript, so the test log reads like
/// `authflow run`'s output.
public enum ScenarioCheck {
  /// Loads and runs every scenario under `paths` on `machine` (or each file's own machine when nil).
  public static func run(
    paths: [String], machine: String? = nil, seed: UInt64? = nil, registry: MachineRegistry = .builtIn
  ) -> Outcome {
    var configuration = RunConfiguration(machine: machine, seed: seed, registry: registry)
    configuration.startAdapter()
    let problems = configuration.problems().map(\.description)
    guard problems.isEmpty else { return Outcome(results: [], problems: problems) }
    let loaded = ScenarioLoader(machineNames: registry.names).load(paths: paths)
    guard loaded.diagnostics.isEmpty else {
      return Outcome(results: [], problems: loaded.diagnostics.map(\.description))
    }
    return Outcome(results: configuration.run(loaded.scenarios, jobs: 1), problems: [])
  }

  /// Runs the scenarios and throws ``Failures`` unless every one passed (and at least one ran).
  public static func verify(
    paths: [String], machine: String? = nil, seed: UInt64? = nil, registry: MachineRegistry = .builtIn
  ) throws(Failures) {
    let outcome = run(paths: paths, machine: machine, seed: seed, registry: registry)
    guard outcome.passed else { throw Failures(outcome: outcome) }
  }

  /// Every result of a check, or the problems that kept it from running.
  public struct Outcome: Sendable {
    /// The result of every scenario that ran.
    public var results: [ScenarioResult]
    /// Invalid files or an unknown machine: nothing ran.
    public var problems: [String]

    /// Whether something ran and everything passed.
    public var passed: Bool {
      problems.isEmpty && !results.isEmpty && results.allSatisfy { $0.status == .passed }
    }
  }

  /// Thrown by ``verify(paths:machine:seed:registry:)``: readable as a test failure.
  public struct Failures: Error, CustomStringConvertible, Sendable {
    /// What the check found.
    public var outcome: Outcome

    /// The failures of `outcome`, for code that calls ``run(paths:machine:seed:registry:)`` and prints them.
    public init(outcome: Outcome) { self.outcome = outcome }

    /// The problems, or each failing scenario with its failing step and transcript.
    public var description: String {
      if !outcome.problems.isEmpty {
        return (["scenario files are invalid; nothing ran:"] + outcome.problems).joined(separator: "\n")
      }
      if outcome.results.isEmpty { return "no scenarios found" }
      let console = ConsoleReporter()
      let failed = outcome.results.filter { $0.status != .passed }.map(console.render)
      return (failed + [console.summary(outcome.results)]).joined(separator: "\n")
    }
  }
}
