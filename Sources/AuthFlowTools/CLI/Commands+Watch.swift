import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Commands {
  /// How often `run --watch` looks at the files.
  public static let watchInterval = 0.3

  /// `authflow run --watch`: runs the scenarios once, then, each time a scenario file or a flow file it uses
  /// changes (or a new scenario file appears under a folder being run), runs the scenarios of the changed files
  /// again and prints only their results. A file that no longer loads prints its problems, and the next change
  /// tries again.
  ///
  /// Watching polls the files' size and modification time every ``watchInterval`` seconds: the same on every
  /// platform, and nothing in a run depends on it. `wait` is called between looks and returns false to stop
  /// (the command passes one that sleeps and never stops; ^C ends it); tests pass one that edits a file.
  public static func watch(
    _ options: RunOptions, io: CommandIO = .standard, wait: () -> Bool
  ) -> ExitStatus {
    var status = run(options, io: io)
    let paths = scenarioPaths(options.paths)
    var watched = WatchedFiles(paths: paths)
    io.err("watching \(watched.count) file(s); change one to run its scenarios again (^C stops)\n")
    while wait() {
      let changed = watched.changes()
      guard !changed.isEmpty else { continue }
      let files = watched.scenarioFiles(affectedBy: changed)
      guard !files.isEmpty else { continue }
      io.err("\nchanged: \(changed.sorted().joined(separator: ", "))\n")
      var again = options
      again.paths = files
      status = run(again, io: io)
      watched.learnFlows()
    }
    return status
  }
}

/// The files `run --watch` looks at: the scenario files under the paths, and the flow files their scenarios
/// use, each with the size and modification time it had when last seen.
struct WatchedFiles {
  private let paths: [String]
  private var seen: [String: FileStamp] = [:]
  /// The flow files each scenario file's scenarios use.
  private var flows: [String: Set<String>] = [:]

  init(paths: [String]) {
    self.paths = paths
    learnFlows()
    for file in allFiles() { seen[file] = FileStamp(file) }
  }

  /// How many files are watched.
  var count: Int { seen.count }

  /// The files changed, added or removed since the last look; their new stamps are kept.
  mutating func changes() -> Set<String> {
    var changed: Set<String> = []
    let now = allFiles()
    for file in now {
      let stamp = FileStamp(file)
      if seen[file] != stamp { changed.insert(file) }
      seen[file] = stamp
    }
    for file in Set(seen.keys).subtracting(now) {
      seen[file] = nil
      changed.insert(file)
    }
    return changed
  }

  /// The scenario files to run again for `changed`: those changed themselves, and those using a changed flow.
  func scenarioFiles(affectedBy changed: Set<String>) -> [String] {
    let scenarioFiles = Set(scenarioFilesUnderPaths())
    var files = changed.intersection(scenarioFiles)
    for (file, used) in flows where !used.isDisjoint(with: changed) && scenarioFiles.contains(file) {
      files.insert(file)
    }
    return files.sorted()
  }

  /// Reads which flows each scenario file uses (after a change, a file may use others).
  mutating func learnFlows() {
    flows = [:]
    let loaded = ScenarioLoader().load(paths: paths)
    for scenario in loaded.scenarios { flows[scenario.file, default: []].formUnion(scenario.flows) }
  }

  private func scenarioFilesUnderPaths() -> [String] {
    paths.flatMap { path -> [String] in
      switch ScenarioFiles.kind(of: path) {
      case .directory: ScenarioFiles.scenarioFiles(under: path).files
      case .file: [path]
      case .missing, .unreadable: []
      }
    }
  }

  private func allFiles() -> Set<String> {
    Set(scenarioFilesUnderPaths()).union(flows.values.flatMap { $0 })
  }
}

/// A file's size and modification time, or nothing when it cannot be read.
struct FileStamp: Equatable {
  var size: Int
  var modified: Date

  init?(_ path: String) {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
    else { return nil }
    self.size = size
    self.modified = modified
  }
}
