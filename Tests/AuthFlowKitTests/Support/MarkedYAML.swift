import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// YAML for a test, with the positions the test expects marked inline by `1️⃣` … `9️⃣`, `0️⃣`, `🔟`, and
/// `🅰️` … `🅳` when a test needs more.
///
/// The markers are removed from `text`; each one's position is that of the character that follows it,
/// counted as libyaml counts (1-based lines, columns in Unicode scalars), so tests never hard-code
/// line numbers.
struct MarkedYAML {
  static let markers: Set<Character> = [
    "0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟", "🅰️", "🅱️", "🅲", "🅳",
  ]

  /// The YAML without its markers.
  let text: String
  /// The file name loads and locations use.
  let file: String
  private var positions: [Character: (line: Int, column: Int)] = [:]

  init(_ source: String, file: String = "test.yaml") {
    self.file = file
    var text = ""
    var line = 1
    var column = 1
    for character in source {
      if Self.markers.contains(character) {
        positions[character] = (line, column)
        continue
      }
      text.append(character)
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    self.text = text
  }

  /// Where a marker stood.
  func location(_ marker: Character, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> AuthFlowLanguage.SourceLocation
  {
    guard let position = positions[marker] else {
      Issue.record("no marker \(marker) in the test YAML", sourceLocation: sourceLocation)
      return AuthFlowLanguage.SourceLocation(file: file, line: 0, column: 0)
    }
    return AuthFlowLanguage.SourceLocation(file: file, line: position.line, column: position.column)
  }

  /// `file:line:col: error: message` at a marker, as `Diagnostic.description` renders it.
  func error(
    _ marker: Character, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  )
    -> String
  {
    "\(location(marker, sourceLocation: sourceLocation)): error: \(PlainText.visible(message))"
  }

  /// The problem the loader should find at a marker, as a value.
  func problem(
    _ marker: Character, _ problem: LoadProblem, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Diagnostic {
    Diagnostic(problem, at: location(marker, sourceLocation: sourceLocation))
  }

  /// Loads the text with a loader.
  func load(with loader: ScenarioLoader = ScenarioLoader()) -> LoadResult {
    loader.load(yaml: text, file: file)
  }
}
