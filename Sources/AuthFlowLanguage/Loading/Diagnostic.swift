/// A problem in a scenario file, printed as `path:line:column: error: message`.
public struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
  public var location: SourceLocation
  public var message: String

  public init(_ message: String, at location: SourceLocation) {
    self.location = location
    self.message = message
  }

  /// One line, whatever the file's name or contents hold.
  public var description: String { "\(location): error: \(PlainText.visible(message))" }

  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    (lhs.location, lhs.message) < (rhs.location, rhs.message)
  }
}
