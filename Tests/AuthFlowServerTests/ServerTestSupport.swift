import AuthFlowKit
import AuthFlowServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// Posts JSON to a fresh server and decodes the answers; shared by the server's tests.
struct ServerHarness {
  let server: AuthServer

  init(settings: BackendSettings = BackendSettings(), given: Given = Given()) {
    server = AuthServer(world: ServedWorld(settings: settings, given: given))
  }

  /// Runs `body` against the server through Hummingbird's in-process test client.
  func test(_ body: @Sendable @escaping (Client) async throws -> Void) async throws {
    try await server.application(port: 0).test(.router) { client in try await body(Client(client: client)) }
  }

  struct Client: Sendable {
    let client: any TestClientProtocol

    /// Sends `body` (a JSON text) and returns the status and the parsed JSON object.
    func call(
      _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, headers: HTTPFields = [:]
    ) async throws -> (Int, [String: Any]) {
      let buffer = body.map { ByteBuffer(string: $0) }
      return try await client.execute(uri: uri, method: method, headers: headers, body: buffer) { response in
        let data = Data(buffer: response.body)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (Int(response.status.code), json)
      }
    }

    /// GETs `uri` and returns the status and the body as text (an HTML page).
    func text(_ uri: String) async throws -> (Int, String) {
      try await client.execute(uri: uri, method: .get, headers: [:], body: nil) { response in
        (Int(response.status.code), String(buffer: response.body))
      }
    }

    /// An Admin SDK call: sends `body` with the owner credential (`Authorization: Bearer owner`), as the project-
    /// scoped paths require.
    func admin(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil) async throws -> (
      Int, [String: Any]
    ) {
      try await call(method, uri, body, headers: [.authorization: "Bearer owner"])
    }

    func post(_ endpoint: String, _ body: String) async throws -> (Int, [String: Any]) {
      try await call(.post, "/identitytoolkit.googleapis.com/v1/\(endpoint)?key=fake-api-key", body)
    }
  }
}

/// The `error.message` of a service error body.
func errorMessage(_ json: [String: Any]) -> String? {
  (json["error"] as? [String: Any])?["message"] as? String
}
