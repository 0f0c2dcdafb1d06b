import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authflow serve --given` reads its file as `authflow run` does; a bad one never starts the server.
@Suite struct ServeCommandTests {
  @Test func anInvalidGivenFileIsReportedAtItsLineAndExitsTwo() throws {
    let path = Fixture.path("invalid.yaml")
    let serve = try Authflow.run(["serve", "--port", "0", "--given", path])
    #expect(serve.status == 2)
    #expect(serve.stdout.isEmpty, "the server must not start")
    #expect(
      serve.stderr.contains("\(path):2:1: error: unknown key 'stpes' in scenario; did you mean 'steps'?"))
  }

  /// A port another process listens on is said so, with what to do, not as the socket call that failed.
  @Test func aPortInUseIsSaidSoWithWhatToDo() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #expect(listener >= 0)
    defer { close(listener) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(listener, address, length) == 0 && listen(listener, 1) == 0
          && getsockname(listener, address, &length) == 0
      }
    }
    #expect(bound)
    let port = Int(UInt16(bigEndian: address.sin_port))
    let serve = try Authflow.run(["serve", "--port", "\(port)"])
    #expect(serve.status == 1)
    #expect(
      serve.stderr
        == "authflow serve: cannot listen on 127.0.0.1:\(port): the address is in use (another server, an earlier "
        + "authflow serve say, has it); pick another --port, or --port 0 for any free one\n")
  }

  @Test func aMissingGivenFileIsADiagnosticNotACrash() throws {
    let path = TestFiles.root.appendingPathComponent("authflow-none-\(UUID()).yaml")
      .path
    let serve = try Authflow.run(["serve", "--port", "0", "--given", path])
    #expect(serve.status == 2)
    #expect(serve.stderr.hasPrefix("\(path):1:1: error: "), "\(serve.stderr)")
  }

  @Test func aGivenFileOverTheLoadersSizeLimitIsRefusedBeforeParsing() throws {
    let path = TestFiles.root.appendingPathComponent("authflow-big-\(UUID()).yaml")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let comment = String(repeating: "#", count: 1023) + "\n"
    let text = String(repeating: comment, count: ScenarioLoader.maximumFileSize / 1024 + 1)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let serve = try Authflow.run(["serve", "--port", "0", "--given", path])
    #expect(serve.status == 2)
    #expect(serve.stderr.contains("scenario files are limited to 10 MiB"), "\(serve.stderr)")
  }
}
