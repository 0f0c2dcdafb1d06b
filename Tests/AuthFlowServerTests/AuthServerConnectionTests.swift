import AuthFlowKit
import AuthFlowServer
import Foundation
import Hummingbird
import NIOCore
import HummingbirdTesting
import Testing

/// What `serve` does with connections that never finish a request: it closes them, so they cannot hold its
/// connections for good, and keeps answering everyone else.
@Suite("serve connections") struct AuthServerConnectionTests {
  @Test func aConnectionThatStopsPartwayThroughARequestIsClosedAfterTheIdleTimeout() async throws {
    let server = AuthServer(world: ServedWorld(settings: BackendSettings(), given: Given()))
    try await server.application(port: 0, idleTimeout: .milliseconds(200)).test(.live) { client in
      let port = try #require(client.port)
      // Headers that never end, and a body that stops short of its length.
      let unfinished = [
        "POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\nHost: localhost\r\nContent-",
        "POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\nHost: localhost\r\n"
          + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\":",
      ]
      for request in unfinished {
        #expect(try await RawConnection.closesAfterSending(request, port: port, waitingAtMost: 10))
      }
      // Meanwhile a request that is sent whole is answered. (The test client's own connection sat idle all this
      // time, and so was closed too: the check goes over a new one.)
      let body = "{\"returnSecureToken\":true}"
      let answer = try await RawConnection.answer(
        to: "POST /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r\nHost: localhost\r\n"
          + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)",
        port: port, waitingAtMost: 10)
      #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(answer)")
      #expect(answer.contains("\"idToken\""))
    }
  }
}

extension AuthServerConnectionTests {
  @Test(arguments: [Duration?.none, .zero, .seconds(-1)])
  func noIdleTimeoutOrANonPositiveOneKeepsConnectionsOpen(idleTimeout: Duration?) async throws {
    let server = AuthServer(world: ServedWorld(settings: BackendSettings(), given: Given()))
    // Hummingbird's live client, which does not block a thread while it waits (as the raw connection above does).
    try await server.application(port: 0, idleTimeout: idleTimeout).test(.live) { client in
      let status = try await client.execute(
        uri: "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k", method: .post,
        headers: [.contentType: "application/json"], body: ByteBuffer(string: "{\"returnSecureToken\":true}")
      ) { $0.status.code }
      #expect(status == 200)
    }
  }
}

/// A TCP connection written to by hand, to send what no HTTP client would.
///
/// Its blocking reads run on a thread of their own: on the concurrency runtime's few threads (two on a two-core
/// machine) they would starve the server's own tasks while other tests run beside this one.
private enum RawConnection {
  /// Connects to `port` on the loopback address, sends `text`, and waits up to `seconds` for the server to
  /// close the connection; false when it stays open that long.
  static func closesAfterSending(_ text: String, port: Int, waitingAtMost seconds: Int) async throws -> Bool {
    try await onOwnThread { try exchange(text, port: port, waitingAtMost: seconds).closed }
  }

  /// What the server answers `text` with before it closes the connection (or `seconds` pass).
  static func answer(to text: String, port: Int, waitingAtMost seconds: Int) async throws -> String {
    try await onOwnThread {
      String(decoding: try exchange(text, port: port, waitingAtMost: seconds).received, as: UTF8.self)
    }
  }

  /// Runs `body` on a new thread and gives back what it returns or throws.
  private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result(catching: body)) }.start()
    }
  }

  /// Sends `text` and reads until the server closes the connection or `seconds` pass without a byte.
  private static func exchange(
    _ text: String, port: Int, waitingAtMost seconds: Int
  ) throws -> (received: [UInt8], closed: Bool) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure.system("socket") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure.system("connect") }
    var limit = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, 0) }) == bytes.count else {
      throw Failure.system("send")
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count == 0 { return (received, true) }
      if count < 0 { return (received, errno == ECONNRESET) }
      received += buffer[..<count]
    }
  }

  enum Failure: Error {
    case system(String)
  }
}
