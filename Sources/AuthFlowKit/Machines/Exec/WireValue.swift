import Foundation

/// A JSON value as the adapter protocol carries it, one message per line.
///
/// Objects keep the order their members were written in, so the lines the harness sends read naturally
/// (`type` first) and `type` fields arrive in the order the scenario typed them. Numbers keep their decimal
/// text, so a 64-bit random number crosses exactly.
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

  /// Parses one line of JSON.
  static func parse(_ bytes: [UInt8]) throws -> WireValue {
    try JSONDecoder().decode(WireValue.self, from: Data(bytes))
  }
}

extension WireValue: Decodable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: Key.self) {
      let keys = container.allKeys.sorted { $0.stringValue < $1.stringValue }
      self = .object(
        try keys.map { Member(key: $0.stringValue, value: try container.decode(WireValue.self, forKey: $0)) })
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var values: [WireValue] = []
      while !container.isAtEnd { values.append(try container.decode(WireValue.self)) }
      self = .array(values)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .number(String(value))
    } else if let value = try? container.decode(UInt64.self) {
      self = .number(String(value))
    } else if let value = try? container.decode(Double.self) {
      self = .number(String(value))
    } else {
      self = .string(try container.decode(String.self))
    }
  }
}
