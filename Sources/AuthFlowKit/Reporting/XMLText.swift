/// Escaping for XML 1.0 reports: markup characters become entities, and characters XML 1.0 cannot hold at all
/// (most control characters, U+FFFE, U+FFFF) are written visibly as `\u{1B}` instead of making the file invalid.
enum XMLText {
  /// Text content of an element.
  static func content(_ text: String) -> String { escape(text, attribute: false) }

  /// An attribute value, for double quotes; line breaks and tabs are kept as character references.
  static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "\n" where attribute: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t" where attribute: out += "&#9;"
      case "\n", "\t": out.unicodeScalars.append(scalar)
      case _ where !isAllowed(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// XML 1.0's `Char` production (tab, line feed and carriage return are handled before).
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
