/// User text (scenario names, paths, messages, what an adapter sent) made safe for a terminal or a CI log:
/// every control character is written visibly, so no text can start a new line, move the cursor, change
/// colours or pass for a CI workflow command (`::error …` at the start of a line).
package enum PlainText {
  /// `text` with line breaks, tabs, NUL, ESC and every other C0 or C1 control character, DEL, the Unicode
  /// line and paragraph separators and the bidirectional overrides written as `\n`, `\r`, `\t`, `\0` or
  /// `\u{1B}`; everything else as is.
  package static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    return ScalarEscaper.escape(text) { scalar in
      switch scalar {
      case "\n": "\\n"
      case "\r": "\\r"
      case "\t": "\\t"
      case "\0": "\\0"
      case _ where isControl(scalar): "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: nil
      }
    }
  }

  /// `'text'`, visible.
  package static func quoted(_ text: String) -> String { "'\(visible(text))'" }

  /// The characters `visible` rewrites: C0 controls, DEL, C1 controls, U+2028, U+2029 and the bidirectional
  /// embedding, override and isolate controls.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
