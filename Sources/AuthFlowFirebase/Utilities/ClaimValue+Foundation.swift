import AuthFlowLanguage
import Foundation

extension ClaimValue {
  /// The claim as the SDK's `claims` dictionaries and `JSONSerialization` hold it: `String`, `Int`, `Bool`,
  /// `[Any]` or `[String: Any]`.
  var foundationValue: Any {
    switch self {
    case .string(let text): text
    case .integer(let number): number
    case .bool(let flag): flag
    case .list(let items): items.map(\.foundationValue)
    case .object(let members): members.mapValues(\.foundationValue)
    }
  }
}
