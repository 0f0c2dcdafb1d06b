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

  @Test func aMissingGivenFileIsADiagnosticNotACrash() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-none-\(UUID()).yaml")
      .path
    let serve = try Authflow.run(["serve", "--port", "0", "--given", path])
    #expect(serve.status == 2)
    #expect(serve.stderr.hasPrefix("\(path):1:1: error: "), "\(serve.stderr)")
  }

  @Test func aGivenFileOverTheLoadersSizeLimitIsRefusedBeforeParsing() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("authflow-big-\(UUID()).yaml")
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
