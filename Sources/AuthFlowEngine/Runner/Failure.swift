import AuthFlowLanguage

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
