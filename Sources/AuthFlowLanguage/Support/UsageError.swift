/// A bad flag or argument on the command line (exit status 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
