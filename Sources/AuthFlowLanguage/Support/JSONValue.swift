/// A JSON document, written with sorted keys and two-space indentation so reports are byte-for-byte stable.
package indirect enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Int64)
  /// A duration in seconds with three decimals (`0.250`), from whole milliseconds.
  case seconds(milliseconds: Int64)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  package func rendered(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return String(value)
    case .seconds(let milliseconds): return ReportDuration.text(milliseconds: milliseconds)
    case .string(let value): return Self.quote(value)
    case .array(let values):
      guard !values.isEmpty else { return "[]" }
      return "[\n" + values.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n")
        + "\n\(indent)]"
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      let body = members.keys.sorted().map { key in
        "\(inner)\(Self.quote(key)): \(members[key, default: .null].rendered(indent: inner))"
      }
      return "{\n" + body.joined(separator: ",\n") + "\n\(indent)}"
    }
  }

  /// A JSON string literal: the one JSON escaper (reports and the adapter protocol).
  package static func quote(_ text: String) -> String {
    ScalarEscaper.escape(text, open: "\"", close: "\"") { scalar in
      if let shared = ScalarEscaper.sharedBackslashEscape(scalar) { return shared }
      return switch scalar {
      case "\r": "\\r"
      // Every control character, C1 (which a terminal may obey) and U+2028/U+2029 included: a reader gets the
      // same string, and the report prints safely on a terminal or a CI log.
      case _ where PlainText.isControl(scalar):
        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: nil
      }
    }
  }
}
