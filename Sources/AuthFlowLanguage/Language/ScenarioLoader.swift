/// Reads scenario files (SPEC 2) into typed `Scenario` values, reporting every problem of every file
/// with its position, not only the first.
public struct ScenarioLoader: Sendable {
  /// Names the `machine:` key may take; empty accepts any name.
  public let machineNames: [String]

  /// The largest file read, in bytes.
  public static let maximumFileSize = 10 * 1_048_576
  /// The most YAML documents (scenarios) one file may hold.
  public static let maximumDocuments = 1_000
  /// The most steps one scenario may have.
  public static let maximumSteps = 10_000
  /// The most values (mapping entries and list items, counting each use of an alias) one file may hold.
  public static let maximumValues = 1_000_000
  /// Names the transcript uses for actors other than devices; a device may not take one.
  public static let reservedActors = Set(
    ["world", "backend", "outbox", "browser", "clock", "admin", "authflow"]
      + ProviderID.identityProviders.map(\.rawValue))
  /// Bytes of string values one file may read, each use of an alias counted again.
  public static let maximumTextBytes = 64 * 1_048_576
  /// The most problems reported for one document; more are counted in a last one.
  public static let maximumProblems = 1_000

  /// - Parameter machineNames: names the `machine:` key may take (e.g. `["authkit", "authkit~no-foreground-refresh"]`);
  ///   empty accepts any name.
  public init(machineNames: [String] = []) {
    self.machineNames = machineNames
  }

  /// Where each load notes the keys its readers ask of each mapping (see ``KeyReads``; debug builds only); nil
  /// (the default) notes nothing.
  package var keyReads: KeyReads?

  /// Whether each scenario is read for its world only (`--given FILE` of `play`, `explore` and `serve`): its
  /// `backend`, `given`, `devices`, `vars` and `machine`, every one checked as `run` checks it, while `scenario`
  /// and `steps` may be left out and steps are not read at all, so a half-written bug report still gives its
  /// world. A scenario read so has no steps, and its name, when it has none, is its file's.
  public var readsWorldOnly = false

  /// Loads files and directories: a directory means every `*.yaml` and `*.yml` file below it, recursively,
  /// sorted by path; a file given explicitly is read whatever its extension.
  ///
  /// `jobs` above 1 reads that many files at once; the result is the same for any number.
  public func load(paths: [String], jobs: Int = 1) -> LoadResult {
    var result = LoadResult()
    let files = Self.files(in: paths, problems: &result.diagnostics)
    let loader = self
    var loaded = ParallelMap.map(files, jobs: jobs) { file in
      switch ScenarioFiles.read(file, limit: Self.maximumFileSize) {
      case .success(let bytes): loader.load(bytes: bytes, file: file, readsFlows: true)
      case .failure(let problem): LoadResult(diagnostics: [Self.diagnostic(problem, file: file)])
      }
    }
    // The scenarios of a large run are most of its memory: they are moved into one list made at its size, each
    // file's let go of as it is, rather than grown by doubling beside them all.
    result.scenarios.reserveCapacity(loaded.reduce(0) { $0 + $1.scenarios.count })
    for index in loaded.indices {
      append(loaded[index], to: &result)
      loaded[index] = LoadResult()
    }
    // A flow file's mistake found both where it is written and through a `use:` is reported once, at the use.
    let inFlows = Set(
      result.diagnostics.compactMap { diagnostic -> String? in
        guard case .inFlow(let inner, _) = diagnostic.problem else { return nil }
        return "\(diagnostic.location)\u{0}\(inner.message)"
      })
    if !inFlows.isEmpty {
      result.diagnostics.removeAll {
        inFlows.contains("\($0.location)\u{0}\($0.problem.message)")
      }
    }
    result.diagnostics.sort()
    return result
  }

  /// The files `paths` name, in the order ``load(paths:jobs:)`` reads them: a directory's `*.yaml` and `*.yml`
  /// files sorted by path, a file as given; a path that is missing or cannot be read adds its problem to
  /// `problems`.
  package static func files(in paths: [String], problems: inout [Diagnostic]) -> [String] {
    var files: [String] = []
    for path in paths {
      switch ScenarioFiles.kind(of: path) {
      case .missing:
        problems.append(
          diagnostic(.noSuchFile(path: path, suggestion: ScenarioFiles.nearestFile(to: path)), file: path))
      case .unreadable(let reason):
        problems.append(diagnostic(.unreadableFile(path: path, reason: reason), file: path))
      case .directory:
        let found = ScenarioFiles.scenarioFiles(under: path)
        files += found.files
        for (path, reason) in found.unreadable {
          problems.append(diagnostic(.unreadableFile(path: path, reason: reason), file: path))
        }
      case .file: files.append(path)
      }
    }
    return files
  }

  /// Loads every YAML document of one file's text; `file` is the path diagnostics and scenarios carry.
  /// `readsFlows` lets `use:` read flow files relative to `file`; text from elsewhere (a request body) leaves
  /// it off, so it can name no file on this machine.
  public func load(yaml: String, file: String, readsFlows: Bool = false) -> LoadResult {
    var text = yaml
    return text.withUTF8 { load(checking: $0, file: file, validUTF8: true, readsFlows: readsFlows) }
  }

  /// Loads every YAML document of one file's raw bytes, after checking their size, that they are UTF-8
  /// and that they hold no NUL byte; `readsFlows` as for ``load(yaml:file:readsFlows:)``.
  public func load(bytes: [UInt8], file: String, readsFlows: Bool = false) -> LoadResult {
    bytes.withUnsafeBufferPointer { load(checking: $0, file: file, validUTF8: false, readsFlows: readsFlows) }
  }

  /// Checks the size, then (past a byte-order mark, which editors do not count and libyaml would read as
  /// text) the encoding and the characters of a file, before any YAML is parsed.
  private func load(
    checking bytes: UnsafeBufferPointer<UInt8>, file: String, validUTF8: Bool, readsFlows: Bool
  ) -> LoadResult {
    guard bytes.count <= Self.maximumFileSize else {
      let problem = LoadProblem.fileTooLarge(size: bytes.count, limit: Self.maximumFileSize)
      return LoadResult(diagnostics: [Self.diagnostic(problem, file: file)])
    }
    let text = UnsafeBufferPointer(rebasing: bytes[(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)...])
    if let finding = InputScreen.firstProblem(in: text, checkUTF8: !validUTF8) {
      return LoadResult(diagnostics: [Self.diagnostic(finding, file: file)])
    }
    return loadChecked(text, file: file, readsFlows: readsFlows)
  }

  // MARK: - Documents

  /// How many YAML syntax errors one file reports at most: after each, the step or top-level entry that holds
  /// it is set aside and the rest of the file read again (``SyntaxRecovery``).
  static let maximumSyntaxErrors = 8

  /// Loads the documents of text that passed `InputScreen`; after a syntax error, reads the text again with
  /// the step or entry that holds it set aside, for the problems it hid (`recovered` counts the times already
  /// done).
  private func loadChecked(
    _ text: UnsafeBufferPointer<UInt8>, file: String, readsFlows: Bool, recovered: Int = 0
  ) -> LoadResult {
    var result = LoadResult()
    var (count, empties, flows, budget) = (0, 0, 0, LoadBudget())
    let stop = YAMLReader.forEachDocument(in: text, file: file) { root, invalid in
      // A flow file beside the scenarios is not a scenario: scenarios read it through `use:`.
      if Document.isFlow(root) {
        flows += 1
        // Not a scenario, but its own shape is checked here (a `parms:` typo), once, whether or not it is used.
        var document = Document(file: file, machineNames: machineNames, budget: budget, keyReads: keyReads)
        document.checkFlowDocument(root)
        result.diagnostics += (invalid + document.problems).map { Diagnostic($0.value, at: $0.location) }
        budget = document.budget
        return !budget.isSpent
      }
      let isEmpty = Document.isNull(root)
      count += isEmpty ? 0 : 1
      empties += isEmpty ? 1 : 0
      // Empty documents (a trailing `---`) do not count, but a file of a million `---` still stops early.
      guard count <= Self.maximumDocuments, empties <= Self.maximumDocuments else {
        let location = Document.location(of: root, in: file)
        let problem = LoadProblem.tooManyDocuments(limit: Self.maximumDocuments)
        result.diagnostics.append(Diagnostic(problem, at: location))
        return false
      }
      if isEmpty { return true }
      var document = Document(file: file, machineNames: machineNames, budget: budget, keyReads: keyReads)
      document.readsFlows = readsFlows
      document.readsWorldOnly = readsWorldOnly
      // A tag or a key written twice makes the document invalid, though the rest of it is still checked.
      let scenarios = document.loadCombinations(root)
      if invalid.isEmpty { result.scenarios += scenarios } else { result.partial += scenarios }
      result.partial += document.partial
      // A diagnostic quotes what was written; never a password, nor what may be one. (Most documents have
      // none, and build no redactor.)
      let problems = invalid + document.problems
      if !problems.isEmpty {
        let hidden = Redactor(
          hiding: document.diagnosticSecrets, keeping: ScenarioLanguage.words.union(document.machineNames))
        result.diagnostics += problems.map { Diagnostic($0.value, at: $0.location, hidden: hidden) }
      }
      result.secrets += document.diagnosticSecrets
      budget = document.budget
      return !budget.isSpent
    }
    if let stop {
      result.diagnostics.append(Diagnostic(stop.problem.value, at: stop.problem.location))
      if recovered + 1 < Self.maximumSyntaxErrors, case .invalidYAML = stop.problem.value,
        let recovery = SyntaxRecovery(setting: stop.lines, asideIn: text)
      {
        let rest = recovery.bytes.withUnsafeBufferPointer {
          loadChecked($0, file: file, readsFlows: readsFlows, recovered: recovered + 1)
        }
        // The documents before the error were read already; what the set-aside step says is noise. Its
        // scenarios are not kept: the file does not load.
        let known = Set(result.diagnostics)
        result.diagnostics += rest.diagnostics.filter {
          !recovery.lines.contains($0.location.line) && !known.contains($0)
            && !recovery.mayStemFromTheGap($0.problem)
        }
        result.secrets += rest.secrets
        // Checked against their machines only; what the first reading found again is reported once.
        result.partial += rest.scenarios + rest.partial
      }
    }
    result.flows = flows
    if count == 0, flows == 0, result.diagnostics.isEmpty {
      result.diagnostics.append(
        Diagnostic(.noScenario, at: SourceLocation(file: file, line: 1, column: 1)))
    }
    result.diagnostics.sort()
    return result
  }

  private func append(_ loaded: LoadResult, to result: inout LoadResult) {
    result.scenarios += loaded.scenarios
    result.diagnostics += loaded.diagnostics
    result.secrets += loaded.secrets
    result.flows += loaded.flows
    result.partial += loaded.partial
  }

  // MARK: - Problems

  private static func diagnostic(_ problem: LoadProblem, file: String) -> Diagnostic {
    Diagnostic(problem, at: SourceLocation(file: file, line: 1, column: 1))
  }

  private static func diagnostic(_ finding: InputScreen.Finding, file: String) -> Diagnostic {
    Diagnostic(finding.problem, at: SourceLocation(file: file, line: finding.line, column: finding.column))
  }
}
