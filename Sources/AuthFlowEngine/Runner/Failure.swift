import AuthFlowLanguage

/// The step at which a scenario failed or errored, and why.
public struct Failure: Equatable, Sendable {
  /// The failing step's 1-based number.
  public var step: Int
  /// Where the failing step, or the expectation key that failed, was written.
  public var location: SourceLocation
  /// The expectation key (`state`, `ui.greeting`) or action that did not hold.
  public var key: String?
  /// What the scenario expected, when a comparison failed.
  public var expected: String?
  /// What the run found instead.
  public var actual: String?
  /// The whole message a report shows.
  public var message: String
  /// The invariant that did not hold, when that is why the step failed.
  public var violation: InvariantViolation? = nil
  /// Whether the scenario was not played at all: another scenario's step that never ended holds this process's
  /// async executors. Such an error says nothing about the machine (`mutants` counts no kill by it).
  package var notPlayed = false
}
