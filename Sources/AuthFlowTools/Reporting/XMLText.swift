import AuthFlowEngine
import AuthFlowLanguage

/// Escaping for XML 1.0 reports: markup characters become entities, characters XML 1.0 cannot hold at all
/// (most control characters, U+FFFE, U+FFFF) or discourages (DEL, C1 controls) are written visibly as `\u{1B}`
/// instead of making the file invalid, and a `:` that would start a line is `&#58;`.
enum XMLText {
  /// Text content of an element.
  static func content(_ text: String) -> String { escape(text, attribute: false) }

  /// An attribute value, for double quotes; line breaks and tabs are kept as character references.
  static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      // A line of the document never starts with `:`, so no text in it reads as a CI workflow command
      // (`::error …`) when the report goes to standard output.
      case ":" where out.isEmpty || out.hasSuffix("\n"): out += "&#58;"
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

  /// XML 1.0's `Char` production (tab, line feed and carriage return are handled before), without the
  /// "discouraged" DEL and C1 controls, which a terminal showing the file may obey.
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
