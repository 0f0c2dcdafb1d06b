import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `authflow serve`: the backend of a `ServedWorld` over HTTP, speaking Identity Toolkit v1 as the Firebase
/// client and Admin SDKs call it in emulator mode, plus the emulator's own endpoints and authflow's control
/// endpoints (`/authflow/v1/…`).
public struct AuthServer: Sendable {
  /// The world every request reads and changes: the project's, or in a tenant-scoped copy, the tenant's.
  public let world: ServedWorld
  /// The Firebase project id the Admin SDK's project-scoped paths must name.
  public let projectID: String
  let tokens: TokenBook
  /// The project's tenants, shared by every copy.
  let tenants: TenantDirectory
  /// The project's own world, shared by every copy.
  let project: ServedWorld
  /// The tenant this copy serves; nil for the project itself.
  let tenantID: String?

  /// The most a request body may hold: 16 MiB, room for the largest import the Admin SDK sends (1,000 users,
  /// each with 1,000 bytes of claims and every other field), while a client cannot make the server hold more.
  static let maximumBodySize = 16 << 20

  /// A server for `world`, answering Admin SDK calls for `projectID`.
  public init(world: ServedWorld, projectID: String = "demo-authflow") {
    self.world = world
    self.projectID = projectID
    self.tokens = TokenBook(projectID: projectID)
    self.tenants = TenantDirectory()
    self.project = world
    self.tenantID = nil
  }

  /// This server as it serves tenant `id`, whose world is `world`.
  init(_ server: AuthServer, tenant id: String, world: ServedWorld) {
    self.world = world
    self.projectID = server.projectID
    self.tokens = server.tokens
    self.tenants = server.tenants
    self.project = server.project
    self.tenantID = id
  }

  /// How long a connection may stay silent: with no request under way, or partway through sending one (a
  /// request line or headers never finished, a body that stopped coming), after which the server closes it.
  public static let idleTimeout = Duration.seconds(60)

  /// The Hummingbird application serving on `host:port` (port 0 picks a free one); `onRunning` gets the port.
  /// A connection silent for `idleTimeout` (see ``idleTimeout``) is closed, so clients that connect and never
  /// finish a request cannot hold the server's connections for good; nil, zero or a negative length closes none
  /// for silence.
  public func application(
    host: String = "127.0.0.1", port: Int = 9099, idleTimeout: Duration? = AuthServer.idleTimeout,
    onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    var logger = Logger(label: "authflow-serve")
    logger.logLevel = .warning
    let server = self
    return Application(
      responder: CallbackResponder<BasicRequestContext> { request, _ in await server.respond(to: request) },
      server: .http1(
        configuration: HTTP1Channel.Configuration(
          idleTimeout: idleTimeout.flatMap { $0 > .zero ? TimeAmount($0) : nil })),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "authflow"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
      logger: logger)
  }

  /// Answers one request; never throws: every failure becomes the service's error body.
  func respond(to request: Request) async -> Response {
    // Browsers preflight the client SDK's JSON calls; the emulator allows every origin, and so does this. The
    // origin and the asked headers are said back rather than `*`, which some clients (older browsers, jsdom)
    // refuse, and a page served through a tunnel may reach the server on the local network.
    if request.method == .options {
      var headers = HTTPFields()
      headers[.accessControlAllowOrigin] = request.headers[.origin] ?? "*"
      headers[.accessControlAllowMethods] = "GET, POST, PATCH, DELETE, OPTIONS"
      headers[.accessControlAllowHeaders] = request.headers[.accessControlRequestHeaders] ?? "*"
      if let privateNetwork = HTTPFields.Element.Name("Access-Control-Allow-Private-Network") {
        headers[privateNetwork] = "true"
      }
      return Response(status: .noContent, headers: headers)
    }
    let body: Data
    do {
      let buffer = try await request.body.collect(upTo: Self.maximumBodySize)
      body = Data(buffer.readableBytesView)
    } catch is NIOTooManyBytesError {
      return Self.response(ServiceError(status: 413, "Request body too large", canonical: "INVALID_ARGUMENT"))
    } catch {
      // A body cut off or framed wrongly (a chunk size that is no number) is the client's mistake, not its size.
      return Self.response(ServiceError(status: 400, "Malformed request body", canonical: "INVALID_ARGUMENT"))
    }
    let call = Call(
      method: request.method.rawValue, path: request.uri.path,
      query: request.uri.queryParameters.map {
        (String($0.key), String($0.value))
      }, body: body, host: request.head.authority ?? "127.0.0.1:9099",
      authorization: request.headers[.authorization],
      apiKeyHeader: HTTPFields.Element.Name("x-goog-api-key").flatMap { request.headers[$0] })
    do {
      let (status, json) = try route(call)
      return Self.response(status: status, data: json.data, contentType: "application/json; charset=UTF-8")
    } catch let error as ServiceError {
      return Self.response(error)
    } catch let page as HTMLPage {
      return Self.response(
        status: page.status, data: Data(page.html.utf8), contentType: "text/html; charset=UTF-8")
    } catch {
      return Self.response(ServiceError(status: 500, "INTERNAL_ERROR", canonical: "INTERNAL"))
    }
  }

  /// The session an ID token from the request names, checked as the service checks every one: issued here, to
  /// this tenant, and to a user who still exists (a deleted user's token is `USER_NOT_FOUND`, before any check
  /// of its age or of revoked sessions could call it `TOKEN_EXPIRED`).
  func idToken(_ jwt: String?) throws(ServiceError) -> IDToken {
    let token = try tokens.token(jwt, tenant: tenantID)
    guard world.accountExists(for: token) else { throw ServiceError("USER_NOT_FOUND") }
    return token
  }

  static func response(_ error: ServiceError) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(error.body)) ?? Data()
    return response(status: error.status, data: data, contentType: "application/json; charset=UTF-8")
  }

  static func response(status: Int, data: Data, contentType: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = contentType
    headers[.accessControlAllowOrigin] = "*"
    return Response(
      status: HTTPResponse.Status(code: status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }
}
