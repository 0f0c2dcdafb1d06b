import AuthFlowKit
import Foundation
import Testing

/// The built `seed-authflow` command, run as a child process: its `main` installs authflow's executors, which a
/// `swift test` process cannot (Docs/AsyncMachines.md).
enum SeedAuthflow {
  /// The repository's root, where the bundled scenarios are.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The bundled scenario directories the `authkit` machine plays: all but `firebaseui`, `paper` and `showcase`.
  static var authKitScenarioPaths: [String] {
    let scenarios = repositoryRoot.appendingPathComponent("Scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []
    return names.sorted().filter { name in
      var isDirectory: ObjCBool = false
      let path = scenarios.appendingPathComponent(name).path
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        && name != "firebaseui" && name != "paper" && name != "showcase"
    }.map { scenarios.appendingPathComponent($0).path }
  }

  /// The `firebaseui` machine's bundled scenarios.
  static var firebaseUIScenarioPaths: [String] {
    [repositoryRoot.appendingPathComponent("Scenarios/firebaseui").path]
  }

  /// Runs `seed-authflow`, built beside the tests, with `arguments`, without colour.
  static func run(_ arguments: [String]) throws -> BuiltCommand.Output {
    try BuiltCommand(named: "seed-authflow").run(arguments, environment: ["NO_COLOR": "1"])
  }

  /// Each scenario's status (`passed`, `failed`, `errored`) when `paths` run on `machine`, keyed by its file
  /// relative to `Scenarios/` (and its name, for a file's second scenario).
  static func statuses(machine: String, paths: [String]) throws -> [String: String] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("seed-apps-\(ProcessInfo.processInfo.processIdentifier)-\(machine)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = directory.appendingPathComponent("report.json")
    let output = try run(
      ["run", "--machine", machine, "--jobs", "2", "--report", "json:\(report.path)"] + paths)
    #expect(
      output.status == 0 || output.status == 1, "seed-authflow run exited \(output.status): \(output.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
    let scenarios = json?["scenarios"] as? [[String: Any]] ?? []
    let prefix = repositoryRoot.appendingPathComponent("Scenarios").path + "/"
    var statuses: [String: String] = [:]
    for scenario in scenarios {
      let file = (scenario["file"] as? String ?? "").replacingOccurrences(of: prefix, with: "")
      let key = statuses[file] == nil ? file : "\(file) (\(scenario["name"] as? String ?? ""))"
      statuses[key] = scenario["status"] as? String ?? "?"
    }
    return statuses
  }

  /// The scenarios whose status differs between two runs, as `key: built-in → seed`.
  static func differences(_ builtIn: [String: String], _ seed: [String: String]) -> [String] {
    Set(builtIn.keys).union(seed.keys).sorted().compactMap { key in
      let before = builtIn[key] ?? "missing"
      let after = seed[key] ?? "missing"
      return before == after ? nil : "\(key): \(before) → \(after)"
    }
  }
}
