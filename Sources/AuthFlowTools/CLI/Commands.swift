import AuthFlowEngine
import AuthFlowLanguage

/// The commands behind `authflow`: the executable only parses flags and calls these.
public enum Commands {
  /// Exit statuses of SPEC section 7.
  public enum ExitStatus: Int32, Sendable {
    /// Every scenario passed, or the command had nothing to fail.
    case success = 0
    /// Some scenario failed or errored, or a mutant survived.
    case failures = 1
    /// Bad input: an invalid scenario file, an unknown flag value or machine.
    case invalidInput = 2
  }

  /// `authflow run`'s options.
  public struct RunOptions: Sendable {
    /// Scenario files and folders to run.
    public var paths: [String]
    /// Which machine and seed each scenario gets, and which scenarios run.
    public var configuration: RunConfiguration
    /// `--report FORMAT[:PATH]`: the reports to write besides the console's.
    public var reports: [ReportRequest]
    /// `--verbose`: print every scenario's transcript, not only failures'.
    public var verbose: Bool
    /// `--jobs`: how many scenarios run at once (at least 1); the output is the same for any number.
    public var jobs = 1
    /// `--transcripts DIR`: one Markdown transcript per scenario in this folder.
    public var transcripts: String?
    /// How to start worker processes that play async-machine scenarios beside this one under `--jobs`; nil
    /// plays them all in this process, one at a time.
    public var workers: WorkerLaunch?

    /// The options of one `authflow run`.
    public init(
      paths: [String] = [], configuration: RunConfiguration = RunConfiguration(),
      reports: [ReportRequest] = [],
      verbose: Bool = false
    ) {
      self.paths = paths
      self.configuration = configuration
      self.reports = reports
      self.verbose = verbose
    }
  }

  /// The folder `run`, `lint` and `list` read when given no path.
  public static let defaultPath = "Scenarios"

  /// The paths a command reads: those given, or the default folder.
  static func scenarioPaths(_ paths: [String]) -> [String] { paths.isEmpty ? [defaultPath] : paths }

  /// Loads the scenarios at `paths`, or in the default folder when none is given, saying so when that folder
  /// is missing (a first `authflow` in a project without one).
  static func loadScenarios(_ paths: [String], machineNames: [String], jobs: Int = 1) -> LoadResult {
    var loaded = ScenarioLoader(machineNames: machineNames).load(paths: scenarioPaths(paths), jobs: jobs)
    guard paths.isEmpty else { return loaded }
    loaded.diagnostics = loaded.diagnostics.map { diagnostic in
      guard case .noSuchFile(defaultPath, _) = diagnostic.problem else { return diagnostic }
      return Diagnostic(.noDefaultFolder(path: defaultPath), at: diagnostic.location)
    }
    return loaded
  }

  /// `authflow run`: loads every file first (any problem: print them all, run nothing, exit 2), runs the
  /// selected scenarios, prints and writes the reports; exit 1 when any scenario failed or errored.
  public static func run(_ options: RunOptions, io: CommandIO = .standard) -> ExitStatus {
    var configuration = options.configuration
    configuration.startAdapter()
    let usageProblems = configuration.problems()
    guard usageProblems.isEmpty else {
      printUsageProblems(usageProblems, of: options.paths, registry: configuration.registry, io: io)
      return .invalidInput
    }
    var reports = options.reports
    // The console goes to standard output unless another report was asked to go there.
    if !reports.contains(where: { $0.path == nil }) {
      reports.insert(ReportRequest(format: ConsoleReporter.identifier), at: 0)
    }
    // With only the streamed console, nothing reads a result's transcript after it is printed: drop it, so a
    // long run's memory does not grow with every scenario that passed.
    let keepsDetail =
      options.transcripts != nil
      || reports.contains { !($0.format == ConsoleReporter.identifier && $0.path == nil) }
    // Then, unless --verbose prints them all, only failures need a transcript.
    let narration: RunConfiguration.Narration = keepsDetail || options.verbose ? .every : .failures

    let paths = scenarioPaths(options.paths)
    // Worker processes for an async machine's scenarios start now, reading their likely share of the files
    // while this process loads them all (stopped again if the files do not load).
    let workers = configuration.startWorkers(
      toPlay: paths, jobs: options.jobs, launch: options.workers, narration: narration)
    defer { workers?.close() }
    let loaded = loadScenarios(options.paths, machineNames: configuration.registry.names, jobs: options.jobs)
    guard loaded.diagnostics.isEmpty else {
      printDiagnostics(loaded, io: io)
      return .invalidInput
    }
    let io = io.hiding(loaded.scenarios.flatMap(configuration.secrets), keeping: configuration.registry.words)
    for warning in configuration.selectionWarnings(for: loaded.scenarios) { io.err("warning: \(warning)\n") }
    if let problem = configuration.emptySelectionProblem(in: loaded.scenarios, paths: paths) {
      io.err("error: \(problem)\n")
      return .invalidInput
    }
    let scenarios = configuration.select(loaded.scenarios)
    if let note = configuration.machineScopeNote(for: scenarios) { io.err("note: \(note)\n") }
    let console = ConsoleReporter(colour: io.colour, verbose: options.verbose)
    let streamsConsole = reports.contains { $0.format == ConsoleReporter.identifier && $0.path == nil }
    let annotations = annotationStream(reports, streamsConsole: streamsConsole, io: io)

    let results = configuration.run(
      scenarios, jobs: options.jobs, keepingDetail: keepsDetail, narration: narration,
      workers: options.workers, started: workers
    ) { result in
      if streamsConsole { io.out(console.render(result) + "\n") }
      annotations?(GitHubActionsReporter().render(result))
    }
    let coverage = configuration.recordsCoverage ? coverageReport(results, configuration) : nil
    if streamsConsole, let coverage { io.out(coverage.rendered() + "\n") }
    if streamsConsole { io.out(console.summary(results) + "\n") }

    let written = writeReports(reports, results: results, options: options, coverage: coverage, io: io)
    guard written else { return .invalidInput }
    return Summary(results).failed + Summary(results).errored == 0 ? .success : .failures
  }

  /// `authflow lint`: checks files only, and what each scenario asks of its machine (`machine`, else the
  /// file's, else the default: screens, `ui` names, actions, providers, `tap` targets, `type` fields); exit 0
  /// when every file is valid, 2 otherwise.
  public static func lint(
    paths: [String], machine: String? = nil, registry: MachineRegistry = .builtIn, io: CommandIO = .standard
  ) -> ExitStatus {
    let configuration = RunConfiguration(machine: machine, registry: registry)
    // An `exec:` machine is not started to lint: its adapter declares itself only when it runs.
    let usageProblems = configuration.machine?.isCommand == true ? [] : configuration.problems()
    guard usageProblems.isEmpty else {
      printUsageProblems(usageProblems, of: paths, registry: registry, io: io)
      return .invalidInput
    }
    var loaded = loadScenarios(paths, machineNames: registry.names)
    // Every problem at once: the scenarios that loaded are checked against their machines even when others did
    // not, and so is what loaded of those with problems.
    let machineProblems = configuration.machineProblems(in: loaded.scenarios + loaded.partial)
    if !machineProblems.isEmpty { loaded.diagnostics = (loaded.diagnostics + machineProblems).sorted() }
    guard loaded.diagnostics.isEmpty else {
      printDiagnostics(loaded, io: io, wouldRun: false)
      return .invalidInput
    }
    if configuration.machine?.isCommand == true {
      // "no problems" must not read as a check of the adapter, which lint does not start.
      io.err(
        "note: an exec: machine is not started to lint: what the scenarios ask of it (its actions, screens, "
          + "providers) is checked when they run\n")
    }
    let files = Set(loaded.scenarios.map(\.file)).count
    let flows = loaded.flows > 0 ? " and \(loaded.flows) flow(s)" : ""
    io.out("\(loaded.scenarios.count) scenario(s) in \(files) file(s)\(flows): no problems\n")
    return .success
  }

  /// Prints what is wrong with the command's machine. An adapter that failed its handshake is quoted (what it
  /// printed before it stopped), and it may echo a password of the scenarios at `paths`: they are read for
  /// their secrets, which are hidden, as they are in a step.
  static func printUsageProblems(
    _ problems: [MachineError], of paths: [String], registry: MachineRegistry, io: CommandIO
  ) {
    let quotesAdapter = problems.contains {
      switch $0 {
      case .cannotStart, .adapterFailed: true
      default: false
      }
    }
    let secrets =
      quotesAdapter
      ? ScenarioLoader(machineNames: registry.names).load(paths: scenarioPaths(paths)).secrets
      : []
    let io = io.hiding(secrets, keeping: registry.words)
    for problem in problems { io.err("error: \(problem)\n") }
  }

  /// Prints every problem of files that did not load, hiding every secret they give (the diagnostics hide
  /// them already; this is the net), then how many there are (the line that says more were left out is not
  /// one of them) and, for a command that would have run scenarios, that none ran.
  static func printDiagnostics(_ loaded: LoadResult, io: CommandIO, wouldRun: Bool = true) {
    let io = io.hiding(loaded.secrets)
    let diagnostics = loaded.diagnostics
    let annotate = io.environment["GITHUB_ACTIONS"] == "true"
    for diagnostic in diagnostics {
      io.err("\(diagnostic)\n")
      if annotate { io.err(GitHubActionsReporter().render(diagnostic)) }
    }
    let count = diagnostics.count { if case .tooManyProblems = $0.problem { false } else { true } }
    io.err("\(count) problem(s)\(wouldRun ? "; nothing was run" : "")\n")
  }
}
