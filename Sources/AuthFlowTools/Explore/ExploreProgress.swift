import AuthFlowEngine
import AuthFlowLanguage

/// How far an exploration got.
public struct ExploreProgress: Sendable {
  /// Walks played so far.
  public var walks: Int
  /// Walks asked for in all.
  public var runs: Int
  /// Steps played so far.
  public var steps: Int
}
