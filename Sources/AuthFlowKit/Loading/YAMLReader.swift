import Yams

/// Turns a file's text into YAML node trees with Yams, and Yams' errors into placed problems.
///
/// The resolver is `Resolver.basic`: no implicit typing, so every scalar stays a string and the loader
/// decides what it means (`yes` is not a boolean, `010` is not octal).
enum YAMLReader {
  /// Calls `body` with each document's root node, in order, until it returns false; returns the
  /// problem that stopped the parser, if any. Documents before a syntax error are still delivered.
  static func forEachDocument(
    in text: String, file: String, _ body: (Node) -> Bool
  ) -> Located<LoadProblem>? {
    do {
      var documents = try Yams.compose_all(yaml: text, Resolver.basic, Constructor.default, .utf8)
      while let root = documents.next() {
        guard body(root) else { return nil }
      }
      return documents.error.map { problem(for: $0, in: text, file: file) }
    } catch {
      return problem(for: error, in: text, file: file)
    }
  }

  private static func problem(for error: Error, in text: String, file: String) -> Located<LoadProblem> {
    func located(_ problem: LoadProblem, _ mark: (line: Int, column: Int)) -> Located<LoadProblem> {
      Located(problem, at: SourceLocation(file: file, line: mark.line, column: mark.column))
    }
    func describe(_ context: YamlError.Context?) -> String? {
      context.map { "\($0.text) at line \($0.mark.line), column \($0.mark.column)" }
    }
    guard let error = error as? YamlError else {
      return located(.invalidYAML(problem: "\(error)", context: nil), (1, 1))
    }
    switch error {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      // libyaml's own wording names its C API; say what the user can change.
      let problem = problem.hasPrefix("Maximum nesting level") ? "nested more than 1000 levels deep" : problem
      return located(.invalidYAML(problem: problem, context: describe(context)), (mark.line, mark.column))
    case .duplicatedKeysInMapping(let duplicates, let context):
      let key = duplicates.first ?? ""
      let first = (context.mark.line, context.mark.column)
      return located(.duplicateKey(key: key), repeatedKey(key, after: first, in: text) ?? first)
    case .reader(let problem, let offset, _, _):
      return located(.invalidYAML(problem: problem, context: nil), mark(atCharacterOffset: offset, in: text))
    default:
      return located(.invalidYAML(problem: "\(error)", context: nil), (1, 1))
    }
  }

  /// Where a block mapping's key is written again: Yams reports only its first occurrence, and the second is
  /// the one to delete. Looks at the following lines of the same indentation, up to the mapping's end; nil
  /// when it cannot tell (a flow mapping, a quoted or complex key).
  static func repeatedKey(_ key: String, after first: (line: Int, column: Int), in text: String) -> (
    line: Int, column: Int
  )? {
    guard !key.isEmpty, first.column >= 1 else { return nil }
    let indent = first.column - 1
    var number = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      guard number > first.line else { continue }
      let characters = Array(line.unicodeScalars)
      let leading = characters.prefix { $0 == " " }.count
      let rest = String(String.UnicodeScalarView(characters[leading...]))
      if rest.isEmpty || rest.hasPrefix("#") { continue }
      if leading < indent { return nil }
      guard leading == indent else { continue }
      for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling) {
        let after = rest.dropFirst(spelling.count).drop { $0 == " " }
        if after.hasPrefix(":") { return (number, first.column) }
      }
    }
    return nil
  }

  /// The line and column of a character offset, as Yams reports reader errors.
  private static func mark(atCharacterOffset offset: Int?, in text: String) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for character in text.prefix(offset ?? 0) {
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    return (line, column)
  }
}
