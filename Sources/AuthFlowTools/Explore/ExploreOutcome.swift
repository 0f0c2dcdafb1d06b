import AuthFlowEngine
import AuthFlowLanguage

/// What an exploration found.
public struct ExploreOutcome: Sendable {
  /// Steps played in all walks.
  public var steps = 0
  /// Walks played.
  public var walks = 0
  /// The first invariant a walk broke, shrunk; nil when none broke.
  public var finding: ExploreFinding?
  /// Walks cut short by an error or a failure that is not an invariant's (a machine that threw), and the
  /// first one's message.
  public var interrupted = 0
  /// The first interrupted walk's message; nil when none was.
  public var firstInterruption: String?
}
