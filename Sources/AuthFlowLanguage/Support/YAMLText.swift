/// YAML scalars written so that any YAML reader (TAP consumers, authflow's own loader) reads back the same
/// string: the TAP report's diagnostics and the scenarios `explore` writes.
package enum YAMLText {
  /// A double-quoted scalar: quotes, backslashes and every character YAML does not print are escaped.
  package static func quoted(_ text: String) -> String {
    ScalarEscaper.escape(text, open: "\"", close: "\"") { scalar in
      if let shared = ScalarEscaper.sharedBackslashEscape(scalar) { return shared }
      return switch scalar {
      case _ where isPrintable(scalar): nil
      case _ where scalar.value <= 0xFFFF: "\\u" + hex(scalar.value, digits: 4)
      default: "\\U" + hex(scalar.value, digits: 8)
      }
    }
  }

  /// A literal block (`|`) indented by `indent`, or nil when a line could not be written literally (a
  /// character YAML does not print, or a line that starts with a space and would change the indentation).
  package static func literalBlock(_ text: String, indent: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, !first.hasPrefix(" "),
      text.unicodeScalars.allSatisfy({ $0 == "\n" || $0 == "\t" || isPrintable($0) })
    else { return nil }
    return "|-\n" + lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
  }

  /// YAML 1.2's printable set, without tab and line breaks (handled by the callers).
  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFEFE, 0xFF00...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
