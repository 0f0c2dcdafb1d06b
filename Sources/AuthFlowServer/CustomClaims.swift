import AuthFlowLanguage
import Foundation

/// Custom claims as Identity Toolkit carries them: `customAttributes`, a JSON object serialised into a string,
/// and the `claims` of a custom token.
enum CustomClaims {
  /// The most bytes `customAttributes` may take, as production and the emulator enforce (the loader's limit too).
  static let maximumSize = ClaimValue.maximumSize

  /// Checks decoded claims: a name Firebase reserves is `FORBIDDEN_CLAIM : name`.
  static func claims(_ values: [String: ClaimValue]) throws(ServiceError) -> [String: ClaimValue] {
    if let reserved = values.keys.sorted().first(where: ClaimValue.reservedNames.contains) {
      throw ServiceError("FORBIDDEN_CLAIM : \(reserved)")
    }
    return values
  }

  /// `customAttributes`: a JSON object in a string, at most ``maximumSize`` bytes (`CLAIMS_TOO_LARGE`); an
  /// empty string or `{}` clears the claims. Anything but an object of strings, whole numbers, booleans and
  /// lists and objects of those is `INVALID_CLAIMS`.
  static func parse(_ text: String) throws(ServiceError) -> [String: ClaimValue] {
    if text.utf8.count > maximumSize { throw ServiceError("CLAIMS_TOO_LARGE") }
    if text.isEmpty { return [:] }
    guard let values = try? JSONDecoder().decode([String: ClaimValue].self, from: Data(text.utf8)) else {
      throw ServiceError("INVALID_CLAIMS")
    }
    return try claims(values)
  }

  /// The claims as a JSON value.
  static func json(_ claims: [String: ClaimValue]) -> JSON { .object(claims.mapValues(json)) }

  /// One claim as a JSON value.
  static func json(_ value: ClaimValue) -> JSON {
    switch value {
    case .string(let text): .string(text)
    case .integer(let number): .int(Int64(number))
    case .bool(let flag): .bool(flag)
    case .list(let items): .array(items.map(json))
    case .object(let members): json(members)
    }
  }

  /// `customAttributes` as `lookup` returns it: the claims serialised, keys sorted.
  static func attributes(_ claims: [String: ClaimValue]) -> String {
    String(decoding: json(claims).data, as: UTF8.self)
  }
}
