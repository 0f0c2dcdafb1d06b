import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Hummingbird
import Logging
import NIOCore

/// One request as the handlers see it.
struct Call {
  var method: String
  var path: String
  var query: [(String, String)]
  var body: Data
  var host: String
  /// The `Authorization` header, if any: the Admin SDKs send `Bearer owner` to an emulator.
  var authorization: String? = nil

  /// Whether the caller authenticated as the project's owner (OAuth 2, `Authorization: Bearer …`), as the
  /// Admin SDKs do; an API key alone is a client. A stand-in cannot check an OAuth token, so any bearer counts,
  /// as the emulator's `Bearer owner` does.
  var hasOwnerCredential: Bool { authorization?.hasPrefix("Bearer ") == true }

  func queryValue(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

  /// The body as `T`, or the service's `Invalid JSON payload received.` An empty body is `{}`.
  func decode<T: Decodable>(_ type: T.Type) throws(ServiceError) -> T {
    let data = body.isEmpty ? Data("{}".utf8) : body
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as ServiceError {
      // A body's own rule (a field that must be a list, not null), said as the service says it.
      throw error
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
      let field = context.codingPath.map(\.stringValue).joined(separator: ".")
      throw ServiceError.badJSON("Invalid value at '\(field)'.")
    } catch {
      throw ServiceError.badJSON("Unexpected token.")
    }
  }
}
