/// A problem in a scenario file, printed as `path:line:column: error: message`.
///
/// It keeps the problem as a value (tests and tools compare ``problem``), and renders the message only when
/// asked, hiding every secret of the file it came from (passwords, and what may be one).
public struct Diagnostic: Error, Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Where in the file the problem is.
  public var location: SourceLocation
  /// What is wrong, with the key and the value it is about; values may hold what the file wrote, secrets
  /// included, so show ``message`` or ``description``, never the problem itself.
  public var problem: LoadProblem
  /// What the message hides: the file's secrets.
  private var hidden: Redactor

  /// A problem at a place in a file, rendered hiding `secrets`.
  public init(_ problem: LoadProblem, at location: SourceLocation, hiding secrets: [String] = []) {
    self.init(problem, at: location, hidden: Redactor(hiding: secrets))
  }

  init(_ problem: LoadProblem, at location: SourceLocation, hidden: Redactor) {
    self.location = location
    self.problem = problem
    self.hidden = hidden
  }

  /// The message after `error: `, with the file's secrets hidden.
  public var message: String { hidden.scrub(problem.message) }

  /// One line, whatever the file's name or contents hold.
  public var description: String { "\(location): error: \(PlainText.visible(message))" }

  /// Two diagnostics are equal when they say the same thing at the same place.
  public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    lhs.location == rhs.location && lhs.problem == rhs.problem
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(location)
    hasher.combine(problem)
  }

  /// Orders diagnostics by file, line and column, as they are printed.
  public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    (lhs.location, lhs.message) < (rhs.location, rhs.message)
  }
}
