import ArgumentParser
import AuthFlowKit
import AuthFlowServer

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
  var host = ServeOptions.defaultHost
  @Option(help: "The port to listen on; 0 picks a free one (the first line of output says which).")
  var port = ServeOptions.defaultPort
  @Option(help: "The project id tokens are issued for (the Admin SDK checks it).")
  var project = ServeOptions.defaultProject
  @Option(help: "Seed for uids, tokens and codes.") var seed = ServeOptions.defaultSeed

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
  }

  func run() throws {
    let options = ServeOptions(given: given, host: host, port: port, project: project, seed: seed)
    let status = ServeRunner.serve(options)
    if status != 0 { throw ExitCode(status) }
  }
}
