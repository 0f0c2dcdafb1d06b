/// A bad flag or argument on the command line (exit status 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  /// What was wrong, as the command prints it after `error: `.
  public var message: String
  /// An error saying `message`.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
