import AuthFlowLanguage

/// How one scenario ended, with everything a reporter needs; reporters never see the runner.
public struct ScenarioResult: Sendable {
  public enum Status: String, Sendable {
    case passed, failed, errored
  }

  public var name: String
  public var file: String
  public var location: SourceLocation
  public var machine: String
  public var seed: UInt64
  public var tags: [String]
  public var reproduces: String?
  public var status: Status
  /// Why it failed or errored; nil when it passed.
  public var failure: Failure?
  public var steps: [StepOutcome]
  public var transcript: [TranscriptEntry]
  /// How long the scenario took on the wall clock, measured by the suite (never by the virtual world).
  public var durationSeconds: Double = 0
  /// The machine's (state, screen, action) transitions the run exercised; recorded only with `--coverage`.
  public var transitions: [Transition] = []
}

/// The step at which a scenario failed or errored, and why.
public struct Failure: Equatable, Sendable {
  public var step: Int
  public var location: SourceLocation
  /// The expectation key (`state`, `ui.greeting`) or action that did not hold.
  public var key: String?
  public var expected: String?
  public var actual: String?
  public var message: String
  /// The invariant that did not hold, when that is why the step failed.
  public var violation: InvariantViolation? = nil
}

/// What became of one step.
public struct StepOutcome: Equatable, Sendable {
  public enum Status: String, Sendable {
    case passed, failed, errored, skipped
  }

  public var number: Int
  public var location: SourceLocation
  public var action: String
  public var status: Status
}
