import AuthFlowLanguage
import Foundation

/// A JSON response body, built from literals; read back too (`Decodable`) where a request carries free-form JSON
/// (a SAML provider's attribute statements). A fraction has no case and reads as its text.
enum JSON: Codable, Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  case null
  case bool(Bool)
  case int(Int64)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  init(stringLiteral value: String) { self = .string(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(integerLiteral value: Int64) { self = .int(value) }
  init(arrayLiteral elements: JSON...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

  /// A claim as JSON.
  init(_ claim: ClaimValue) {
    switch claim {
    case .string(let text): self = .string(text)
    case .integer(let number): self = .int(Int64(number))
    case .bool(let flag): self = .bool(flag)
    case .list(let items): self = .array(items.map(JSON.init))
    case .object(let members): self = .object(members.mapValues(JSON.init))
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .string(String(value))
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let values): try container.encode(values)
    case .object(let members): try container.encode(members.filter { $0.value != .null })
    }
  }

  /// The body's bytes: sorted keys, so responses are stable.
  var data: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data("{}".utf8)
  }
}
