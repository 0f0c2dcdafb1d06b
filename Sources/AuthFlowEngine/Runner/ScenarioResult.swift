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
