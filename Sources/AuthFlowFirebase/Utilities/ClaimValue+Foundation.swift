import AuthFlowLanguage
import Foundation

extension ClaimValue {
  /// The claim as the SDK's `claims` dictionaries hold it, built by `JSONSerialization`: `String`, `NSNumber`
  /// (for numbers and booleans alike, so `as? Int`, `as? Double` and `as? Bool` answer as on a device), `[Any]`
  /// or `[String: Any]`.
  var foundationValue: Any {
    switch self {
    case .string(let text): text
    case .integer(let number): NSNumber(value: number)
    case .bool(let flag): NSNumber(value: flag)
    case .list(let items): items.map(\.foundationValue)
    case .object(let members): members.mapValues(\.foundationValue)
    }
  }
}
