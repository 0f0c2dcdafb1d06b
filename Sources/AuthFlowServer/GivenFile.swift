import AuthFlowEngine
import AuthFlowLanguage
import AuthFlowTools

/// A scenario file read for its `backend:` and `given:` blocks (`serve --given`, `POST /authflow/v1/given`),
/// through the scenario loader and its limits (size, aliases, nesting, text). Its steps are not read, and
/// `scenario:` and `steps:` may be left out: a file of only `given:` and `backend:` is a world.
public enum GivenFile {
  /// Why a file gives no world: the loader's diagnostics, or no scenario at all.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every problem the loader found, each rendered `path:line:col: error: message`.
    case invalid([Diagnostic])
    /// The file loaded but holds no scenario.
    case noScenario(file: String)

    /// Each problem on a line of its own.
    public var description: String {
      switch self {
      case .invalid(let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
      case .noScenario(let file): "no scenario in \(file)"
      }
    }
  }

  /// The first scenario's knobs and `given` in `yaml`, read as the file `file`.
  public static func load(yaml: String, file: String) throws(Problem) -> (BackendSettings, Given) {
    try world(of: loader.load(yaml: yaml, file: file), file: file)
  }

  /// The first scenario's knobs and `given` in the file at `path`, read as `authflow run` reads it.
  public static func load(path: String) throws(Problem) -> (BackendSettings, Given) {
    try world(of: loader.load(paths: [path]), file: path)
  }

  private static var loader: ScenarioLoader {
    var loader = ScenarioLoader()
    loader.readsWorldOnly = true
    return loader
  }

  private static func world(of result: LoadResult, file: String) throws(Problem) -> (BackendSettings, Given) {
    guard result.diagnostics.isEmpty else { throw .invalid(result.diagnostics) }
    guard let scenario = result.scenarios.first else { throw .noScenario(file: file) }
    return (scenario.backend, scenario.given)
  }
}
