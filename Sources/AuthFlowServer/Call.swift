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
  /// The `x-goog-api-key` header, if any: an API key some clients send in place of `?key=`.
  var apiKeyHeader: String? = nil

  /// Whether the caller authenticated as the project's owner (OAuth 2, `Authorization: Bearer …`, the scheme in
  /// any case), as the Admin SDKs do; an API key alone is a client. A stand-in cannot check an OAuth token, so
  /// any bearer counts, as the emulator's `Bearer owner` does; another scheme (`Basic …`) counts for nothing.
  var hasOwnerCredential: Bool {
    guard let authorization, authorization.utf8.count > 7 else { return false }
    return authorization.prefix(7).lowercased() == "bearer "
  }

  /// Whether the caller named an API key (`?key=` or `x-goog-api-key`). Serve takes any key, as the emulator
  /// does; production checks it is the project's.
  var hasAPIKey: Bool { queryValue("key")?.isEmpty == false || apiKeyHeader?.isEmpty == false }

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
