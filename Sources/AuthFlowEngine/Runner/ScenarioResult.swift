import AuthFlowLanguage

/// How one scenario ended, with everything a reporter needs; reporters never see the runner.
public struct ScenarioResult: Sendable {
  /// How a scenario ended.
  public enum Status: String, Sendable {
    /// `passed`: every step did what it expected; `failed`: an expectation or invariant did not hold; `errored`: the scenario could not be played (unsupported action, machine fault, timeout).
    case passed, failed, errored
  }

  /// The scenario's name (`scenario:`).
  public var name: String
  /// The file the scenario came from.
  public var file: String
  /// Where the scenario starts in its file.
  public var location: SourceLocation
  /// The machine it ran on, as named (`authkit~no-foreground-refresh`).
  public var machine: String
  /// The seed it ran with; the same seed replays it byte for byte.
  public var seed: UInt64
  /// The scenario's tags.
  public var tags: [String]
  /// The bug the scenario pins down (`reproduces:`), if any.
  public var reproduces: String?
  /// Whether it passed, failed or errored.
  public var status: Status
  /// Why it failed or errored; nil when it passed.
  public var failure: Failure?
  /// What became of each step, in order; steps after a failure are skipped.
  public var steps: [StepOutcome]
  /// What happened, line by line with virtual times; empty unless the run was narrated.
  public var transcript: [TranscriptEntry]
  /// How long the scenario took on the wall clock, measured by the suite (never by the virtual world).
  public var durationSeconds: Double = 0
  /// The machine's (state, screen, action) transitions the run exercised; recorded only with `--coverage`.
  public var transitions: [Transition] = []
}

extension ScenarioResult {
  /// The one place a run makes a result: `scenario`'s name, file, place, tags and bug with how it ended on
  /// `machine` with `seed`.
  package init(
    of scenario: Scenario, machine: String, seed: UInt64, status: Status, failure: Failure?,
    steps: [StepOutcome], transcript: [TranscriptEntry], transitions: [Transition] = []
  ) {
    self.init(
      name: scenario.name, file: scenario.file, location: scenario.location, machine: machine, seed: seed,
      tags: scenario.tags, reproduces: scenario.reproduces, status: status, failure: failure, steps: steps,
      transcript: transcript, transitions: transitions)
  }

  /// A scenario that errored at step `failure.step` without being played on (0: before its first step, so
  /// while choosing its machine or setting up its world): the steps before it passed, later ones are skipped.
  package init(stopped scenario: Scenario, machine: String, seed: UInt64, failure: Failure) {
    let number = failure.step
    let steps = scenario.steps.map {
      StepOutcome(
        number: $0.number, location: $0.location, action: $0.action?.kind.rawValue ?? "expect",
        status: $0.number < number ? .passed : $0.number == number ? .errored : .skipped)
    }
    self.init(
      of: scenario, machine: machine, seed: seed, status: .errored, failure: failure, steps: steps,
      transcript: [])
  }
}
