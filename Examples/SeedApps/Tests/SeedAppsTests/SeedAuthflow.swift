import Foundation
import Testing

/// The built `seed-authflow` command, run as a child process: its `main` installs authflow's executors, which a
/// `swift test` process cannot (Docs/AsyncMachines.md).
enum SeedAuthflow {
  /// What one run printed and how it exited.
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

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

  /// The executable next to the test bundle (`swift build` puts both in the same products directory).
  static func executable() throws -> URL {
    var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent("seed-authflow")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw MissingExecutable(searched: directories.map(\.path))
  }

  /// Runs `seed-authflow` with `arguments`, without colour or CI annotations.
  static func run(_ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GITHUB_ACTIONS"] = nil
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read stderr on another thread so neither pipe can fill up and stall the child.
    nonisolated(unsafe) var errData = Data()
    let stderrDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      stderrDone.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    stderrDone.wait()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
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

/// `seed-authflow` was not built next to the tests.
struct MissingExecutable: Error, CustomStringConvertible {
  var searched: [String]
  var description: String {
    "seed-authflow is not built next to the tests (looked in \(searched.joined(separator: ", "))); "
      + "run `swift build` in Examples/SeedApps first"
  }
}
