import AuthFlowLanguage

/// What an out-of-process adapter did wrong. Each message completes "the adapter …".
enum AdapterProblem: Error, Equatable, Sendable, CustomStringConvertible {
  case cannotStart(reason: String)
  /// It exited or closed its output: `how` says which, with its exit status.
  case exited(how: String)
  case timedOut(timeout: Duration)
  /// Went quiet in the middle of a line: what it sent lacks the newline that ends a message.
  case timedOutMidLine(timeout: Duration, excerpt: String)
  case stoppedReading(timeout: Duration)
  case lineTooLong(limit: Int)
  case tooManyLines(limit: Int)
  case tooManyLogLines(limit: Int)
  case malformedLine(excerpt: String, reason: String)
  case unknownMessageType(type: String)
  case unexpectedMessage(type: String, expected: String)
  case unknownMethod(name: String, suggestion: String)
  case badArguments(method: String, problem: String)
  case badMessage(type: String, problem: String)
  case reportedFailure(message: String)
  case protocolMismatch(theirs: String)
  case eventsNestedTooDeep(limit: Int)

  var description: String {
    switch self {
    case .cannotStart(let reason): "could not be started: \(reason)"
    case .exited(let how): how
    case .timedOut(let timeout): "sent nothing for \(Self.seconds(timeout)) (--exec-timeout)"
    case .timedOutMidLine(let timeout, let excerpt):
      "sent \(excerpt) without the newline that ends a message, then nothing for \(Self.seconds(timeout)) "
        + "(--exec-timeout)"
    case .stoppedReading(let timeout): "did not read its input for \(Self.seconds(timeout)) (--exec-timeout)"
    case .lineTooLong(let limit): "sent a line over \(limit / (1 << 20)) MiB"
    case .tooManyLines(let limit): "sent more than \(limit) lines for one message"
    case .tooManyLogLines(let limit): "logged more than \(limit) lines for one message"
    case .malformedLine(let excerpt, let reason):
      "sent a line that is not a protocol message (\(reason)): \(excerpt)"
    case .unknownMessageType(let type):
      "sent an unknown message type '\(type)'\(Suggestion.didYouMean(type, in: AdapterMessage.types)); "
        + "it may send: \(AdapterMessage.types.joined(separator: ", "))"
    case .unexpectedMessage(let type, let expected): "sent '\(type)' where the harness waits for \(expected)"
    case .unknownMethod(let method, let suggestion): "called an unknown method '\(method)'\(suggestion)"
    case .badArguments(let method, let problem): "called '\(method)' with bad arguments: \(problem)"
    case .badMessage(let type, let problem): "sent a '\(type)' message \(problem)"
    case .reportedFailure(let message): "reported a failure: \(message)"
    case .protocolMismatch(let theirs):
      "speaks protocol \(theirs); this authflow speaks protocol \(AdapterMessage.protocolVersion)"
    case .eventsNestedTooDeep(let limit): "nested auth-state events more than \(limit) deep"
    }
  }

  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    guard attoseconds != 0 else { return "\(seconds)s" }
    return "\(Double(seconds) + Double(attoseconds) / 1e18)s"
  }
}
