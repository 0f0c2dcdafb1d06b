import AuthFlowEngine
import AuthFlowLanguage

extension Commands {
  /// `authflow list`: the scenarios a `run` with the same paths and selection flags would run, one line
  /// each; exit 0, or 2 (printing every problem) when a file is invalid.
  public static func list(
    paths: [String], configuration: RunConfiguration = RunConfiguration(), io: CommandIO = .standard
  ) -> ExitStatus {
    // Nothing is started to list: an `exec:` machine is only a name here.
    let usageProblems = configuration.machine?.isCommand == true ? [] : configuration.problems()
    guard usageProblems.isEmpty else {
      for problem in usageProblems { io.err("error: \(problem)\n") }
      return .invalidInput
    }
    let loaded = loadScenarios(paths, machineNames: configuration.registry.names)
    guard loaded.diagnostics.isEmpty else {
      printDiagnostics(loaded, io: io, wouldRun: false)
      return .invalidInput
    }
    let io = io.hiding(loaded.scenarios.flatMap(configuration.secrets), keeping: configuration.registry.words)
    for warning in configuration.selectionWarnings(for: loaded.scenarios) { io.err("warning: \(warning)\n") }
    for scenario in configuration.select(loaded.scenarios) { io.out(listing(scenario) + "\n") }
    return .success
  }

  /// `NAME<TAB>FILE:LINE<TAB>TAG, TAG`: tab-separated, so `cut -f2` gives the places; control characters (a
  /// tab or a line break in a file's name) are written visibly (``PlainText``), so each scenario is one line.
  static func listing(_ scenario: Scenario) -> String {
    let fields = [scenario.name, scenario.file, scenario.tags.joined(separator: ", ")].map(PlainText.visible)
    return "\(fields[0])\t\(fields[1]):\(scenario.location.line)\t\(fields[2])"
  }
}
