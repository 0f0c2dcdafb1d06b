/// A position in a scenario file: 1-based line and column, as editors and compilers print them.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file's path as given on the command line.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column.
  public var column: Int

  /// The place at `line` and `column` of `file`, both 1-based.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `path:line:column`, the form every diagnostic and failure uses; control characters in the path are written
  /// visibly (`PlainText`).
  public var description: String { "\(PlainText.visible(file)):\(line):\(column)" }

  /// Orders by file, then line, then column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }
}
