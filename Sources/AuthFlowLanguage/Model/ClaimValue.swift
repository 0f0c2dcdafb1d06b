import Foundation

/// A custom claim's value, as `admin: {set_claims: …}`, `sign_in_with_custom_token` and `claims` expectations
/// write it: a string, a whole number or a boolean. (Firebase allows any JSON; nested values are not modelled.)
public enum ClaimValue: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// A string (`role: editor`, or any quoted value).
  case string(String)
  /// A whole number (`level: 2`).
  case integer(Int)
  /// `true` or `false`.
  case bool(Bool)
  /// A list of claims (`roles: ["admin", "editor"]`), as the Admin SDK may set them.
  case list([ClaimValue])
  /// Claims nested under a name (`org: {id: "acme", seats: 3}`), as the Admin SDK may set them.
  case object([String: ClaimValue])

  /// As YAML and JSON write it: a string quoted, a number or boolean bare, a list in brackets, nested claims in
  /// braces with their names sorted.
  public var description: String {
    switch self {
    case .string(let text): "\"\(text)\""
    case .integer(let number): String(number)
    case .bool(let value): String(value)
    case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
    case .object(let members): Self.describe(members)
    }
  }

  /// Claim names Firebase reserves for the ID token's own fields; `set_claims` and custom tokens may not use
  /// them (the Admin SDK refuses them).
  public static let reservedNames: Set<String> = [
    "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "firebase", "iat", "iss",
    "jti",
    "nbf", "nonce", "sub",
  ]

  /// The most bytes an account's custom claims may take as JSON: Firebase refuses more (`claims-too-large`).
  public static let maximumSize = 1000

  /// How many bytes `claims` take as compact JSON (`{"role":"editor"}`), the size Firebase limits.
  public static func size(of claims: [String: ClaimValue]) -> Int {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return (try? encoder.encode(claims))?.count ?? 0
  }

  /// `{a: 1, b: "x"}`, keys sorted: how transcripts and failure messages show a set of claims.
  public static func describe(_ claims: [String: ClaimValue]) -> String {
    "{" + claims.keys.sorted().map { "\($0): \(claims[$0].map(\.description) ?? "")" }.joined(separator: ", ")
      + "}"
  }
}

extension ClaimValue: Codable {
  /// A JSON claim: `true`/`false`, a whole number, a string, or a list or object of those; anything else (a
  /// fraction, `null`) does not decode.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Int.self) {
      self = .integer(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let items = try? container.decode([ClaimValue].self) {
      self = .list(items)
    } else {
      self = .object(try container.decode([String: ClaimValue].self))
    }
  }

  /// The claim as JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let text): try container.encode(text)
    case .integer(let number): try container.encode(number)
    case .bool(let flag): try container.encode(flag)
    case .list(let items): try container.encode(items)
    case .object(let members): try container.encode(members)
    }
  }
}
