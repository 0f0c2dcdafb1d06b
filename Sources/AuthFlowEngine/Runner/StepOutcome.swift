import AuthFlowLanguage

/// What became of one step.
public struct StepOutcome: Equatable, Sendable {
  /// How a step ended.
  public enum Status: String, Sendable {
    /// `passed`, `failed` (an expectation or invariant), `errored` (it could not run) or `skipped` (after an earlier failure).
    case passed, failed, errored, skipped
  }

  /// The step's 1-based number.
  public var number: Int
  /// Where the step was written.
  public var location: SourceLocation
  /// The step's action as written (`sign_in`), or `expect`.
  public var action: String
  /// How the step ended.
  public var status: Status
}
