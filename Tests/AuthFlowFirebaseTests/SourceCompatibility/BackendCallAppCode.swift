// App code that sends the ID token to its own backend, with the one line Docs/FirebaseAPI.md asks for on Linux
// (`URLRequest` and `URLSession` are FoundationNetworking's there); it must compile.
import AuthFlowFirebase

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct BackendClient {
  let baseURL: URL

  func request(path: String) async throws -> URLRequest {
    guard let user = Auth.auth().currentUser else { throw URLError(.userAuthenticationRequired) }
    var request = URLRequest(url: baseURL.appendingPathComponent(path))
    request.setValue("Bearer \(try await user.getIDToken())", forHTTPHeaderField: "Authorization")
    return request
  }

  func fetch(path: String) async throws -> Data {
    try await URLSession.shared.data(for: try await request(path: path)).0
  }
}
