/// A position in a scenario file: 1-based line and column, as editors and compilers print them.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `path:line:column`, the form every diagnostic and failure uses; control characters in the path are written
  /// visibly (``PlainText``).
  public var description: String { "\(PlainText.visible(file)):\(line):\(column)" }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}
