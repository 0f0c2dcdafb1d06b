import AuthFlowLanguage
import Foundation

/// A JSON value as the adapter protocol carries it, one message per line.
///
/// Objects keep the order their members were written in, so the lines the harness sends read naturally
/// (`type` first) and `type` fields arrive in the order the scenario typed them. Numbers keep the text they
/// were written with, in both directions, so a 64-bit random number or a call id beyond 2^53 crosses
/// exactly (see `WireValue+Parsing.swift`).
enum WireValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(String)
  case string(String)
  case array([WireValue])
  case object([Member])

  struct Member: Equatable, Sendable {
    var key: String
    var value: WireValue
  }

  /// An object from `(key, value)` pairs, in that order.
  static func object(_ pairs: KeyValuePairs<String, WireValue>) -> WireValue {
    .object(pairs.map { Member(key: $0.key, value: $0.value) })
  }

  /// A string, or null for nil.
  static func optional(_ text: String?) -> WireValue { text.map(WireValue.string) ?? .null }

  static func integer<T: BinaryInteger>(_ value: T) -> WireValue { .number(String(value)) }

  // MARK: - Reading

  subscript(key: String) -> WireValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  var text: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  var isNull: Bool { self == .null }

  /// The name of the value's JSON type, for messages.
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A scalar as text (`60`, `true`, `home`), as `ui` values are compared; nil for null, arrays and objects.
  var scalarText: String? {
    switch self {
    case .bool(let value): value ? "true" : "false"
    case .number(let text), .string(let text): text
    case .null, .array, .object: nil
    }
  }

  // MARK: - Writing

  /// The value on one line, without insignificant whitespace.
  var line: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let text): text
    case .string(let text): JSONValue.quote(text)
    case .array(let values): "[" + values.map(\.line).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { JSONValue.quote($0.key) + ":" + $0.value.line }.joined(separator: ",") + "}"
    }
  }
}
