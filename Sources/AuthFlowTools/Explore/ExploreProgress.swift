import AuthFlowEngine
import AuthFlowLanguage

/// How far an exploration got.
public struct ExploreProgress: Sendable {
  public var walks: Int
  public var runs: Int
  public var steps: Int
}
