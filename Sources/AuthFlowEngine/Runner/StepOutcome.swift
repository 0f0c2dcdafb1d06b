import AuthFlowLanguage

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
