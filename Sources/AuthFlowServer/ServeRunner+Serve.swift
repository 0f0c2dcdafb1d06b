import AuthFlowEngine
import AuthFlowLanguage
import AuthFlowTools

extension ServeRunner {
  /// `authflow serve`: reads `--given` as `authflow run` reads a scenario file (the loader's size, alias and
  /// nesting limits; each problem printed as `path:line:col: error: message`, exit 2), builds the world from
  /// it and serves until SIGINT or SIGTERM (see ``run(server:host:port:)``).
  public static func serve(_ options: ServeOptions, io: CommandIO = .standard) -> Int32 {
    var settings = BackendSettings()
    var given = Given()
    if let path = options.given {
      do throws(GivenFile.Problem) {
        (settings, given) = try GivenFile.load(path: path)
      } catch {
        switch error {
        case .invalid: io.err("\(error)\n")
        case .noScenario: io.err("error: \(error)\n")
        }
        return Commands.ExitStatus.invalidInput.rawValue
      }
    }
    let server = AuthServer(
      world: ServedWorld(settings: settings, given: given, seed: options.seed), projectID: options.project)
    return run(server: server, host: options.host, port: options.port)
  }
}
