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

  package static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // Every control character, C1 (which a terminal may obey) and U+2028/U+2029 included: a reader gets the
      // same string, and the report prints safely on a terminal or a CI log.
      case let control where PlainText.isControl(control):
        let hex = String(control.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
