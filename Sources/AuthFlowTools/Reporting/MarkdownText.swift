import AuthFlowEngine
import AuthFlowLanguage

/// Escaping for the Markdown reports, as GitHub renders them: user text (scenario names, messages, paths) must
/// show as written, never as emphasis, links, HTML, table cells or math.
enum MarkdownText {
  /// Inline text: what Markdown would read as markup backslash-escaped (emphasis, code, links, HTML, table
  /// cells, strikethrough, math, entities), line breaks as spaces. Punctuation that is harmless mid-line, such as
  /// `#`, `>`, `!` and an underscore inside a word, is left alone so the text still reads well as plain text.
  static func inline(_ text: String) -> String {
    let characters = Array(text)
    var out = ""
    for (index, character) in characters.enumerated() {
      let previous = index > 0 ? characters[index - 1] : " "
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      switch character {
      case "\\", "`", "*", "[", "]", "<", "|", "~", "$":
        out += "\\\(character)"
      case "_" where !(isWordCharacter(previous) && isWordCharacter(next)):
        out += "\\_"
      case "&" where next.isLetter || next == "#":
        out += "\\&"
      case "\n", "\r", "\r\n": out += " "
      default: out += PlainText.visible(String(character))
      }
    }
    return out
  }

  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// A link when `text` is a plain web address (`<https://…>`), otherwise inline text.
  static func link(_ text: String) -> String {
    let isAddress =
      (text.hasPrefix("https://") || text.hasPrefix("http://"))
      && !text.contains(where: { $0 == "<" || $0 == ">" || $0.isWhitespace || $0.isNewline })
      && !text.unicodeScalars.contains(where: PlainText.isControl)
    return isAddress ? "<\(text)>" : inline(text)
  }

  /// A code span; text a code span cannot hold (a backtick, a table's `|`, a line break) is escaped instead.
  static func code(_ text: String) -> String {
    guard !text.isEmpty, !text.contains(where: { "`|".contains($0) }),
      !text.unicodeScalars.contains(where: PlainText.isControl)
    else { return inline(text) }
    return "`\(text)`"
  }

  /// A fenced code block, its fence longer than any run of backticks in `text`.
  static func fenced(_ text: String, info: String = "") -> String {
    var longest = 0
    var run = 0
    for character in text {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return "\(fence)\(info)\n\(text)\n\(fence)"
  }

  /// One row of a table.
  static func row(_ cells: [String]) -> String {
    "| " + cells.joined(separator: " | ") + " |"
  }
}
