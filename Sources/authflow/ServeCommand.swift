import ArgumentParser
import AuthFlowKit
import AuthFlowServer
import Foundation

/// `authflow serve`: the production-faithful backend as a Firebase Auth emulator on loopback.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the backend over HTTP as a Firebase Auth emulator (Identity Toolkit v1).",
    discussion: """
      Point an SDK at it with FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099. Stops on SIGINT or SIGTERM:
      in-flight requests get 5 s to finish; a second signal stops at once.
      Control endpoints (clock, outbox, knobs, fail_next, given) are described in Docs/Serve.md.
      """)

  @Option(help: "A scenario file whose `backend:` knobs and `given:` block the server starts from.")
  var given: String?
  @Option(help: "The address to listen on; anything but loopback exposes the fake to the network.")
  var host = "127.0.0.1"
  @Option(help: "The port to listen on; 0 picks a free one (the first line of output says which).")
  var port = 9099
  @Option(help: "The project id tokens are issued for (the Admin SDK checks it).")
  var project = "demo-authflow"
  @Option(help: "Seed for uids, tokens and codes.") var seed: UInt64 = 1

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
  }

  func run() throws {
    var settings = BackendSettings()
    var start = Given()
    if let given {
      guard let data = FileManager.default.contents(atPath: given),
        let text = String(data: data, encoding: .utf8)
      else { throw ValidationError("Cannot read \(given).") }
      do {
        (settings, start) = try GivenFile.load(yaml: text, file: given)
      } catch {
        throw ValidationError(error.message.replacingOccurrences(of: "INVALID_ARGUMENT : ", with: ""))
      }
    }
    let server = AuthServer(
      world: ServedWorld(settings: settings, given: start, seed: seed), projectID: project)
    let status = ServeRunner.run(server: server, host: host, port: port)
    if status != 0 { throw ExitCode(status) }
  }
}
