import AuthFlowEngine
import AuthFlowLanguage
import AuthFlowTools

/// `authflow serve`'s options, as ``ServeRunner/serve(_:io:)`` takes them.
public struct ServeOptions: Sendable {
  /// `--given`: a scenario file whose `backend:` knobs and `given:` block the server starts from.
  public var given: String?
  /// `--host`: the address to listen on.
  public var host: String
  /// `--port`: the port to listen on; 0 picks a free one.
  public var port: Int
  /// `--project`: the project id tokens are issued for.
  public var project: String
  /// `--seed`: the seed of uids, tokens and codes.
  public var seed: UInt64

  /// The options, each defaulting to what the command line defaults to.
  public init(
    given: String? = nil, host: String = defaultHost, port: Int = defaultPort,
    project: String = defaultProject,
    seed: UInt64 = defaultSeed
  ) {
    self.given = given
    self.host = host
    self.port = port
    self.project = project
    self.seed = seed
  }

  /// Loopback: anything else exposes the fake to the network.
  public static let defaultHost = "127.0.0.1"
  /// The Firebase Auth emulator's port.
  public static let defaultPort = 9099
  /// The project id of a demo project, which the Admin SDK accepts without credentials.
  public static let defaultProject = "demo-authflow"
  /// `--seed`'s default.
  public static let defaultSeed: UInt64 = 1
}
