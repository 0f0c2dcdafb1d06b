import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Commands {
  /// `authflow explore`'s flags.
  public struct ExploreRequest: Sendable {
    /// `--machine`: the machine to explore.
    public var machine: String
    /// `--seed`: seeds the walks and the world.
    public var seed: UInt64
    /// `--runs`: how many walks.
    public var runs: Int
    /// `--depth`: steps per walk at most.
    public var depth: Int
    /// `--given FILE`: a scenario file whose `backend`, `given` and `devices` seed the world.
    public var given: String?
    /// `--out DIR`: where the minimal scenario is written.
    public var out: String
    /// The machines `--machine` may name.
    public var registry: MachineRegistry
    /// `--step-timeout`: how long one step may run before the exploration stops with what hung.
    public var stepTimeout = RunConfiguration.defaultStepTimeout
    /// `--against REFERENCE`: also play each walk on this machine and report where the two differ.
    public var against: String?
    /// The command a finding's `reproduces:` names (see ``ExploreOptions/program``).
    public var program = "authflow"

    /// `--out`'s default folder.
    public static let defaultOut = "explore-findings"

    /// The flags of one `authflow explore`, each defaulting as the command does.
    public init(
      machine: String = MachineRegistry.defaultMachine, seed: UInt64 = 0,
      runs: Int = ExploreOptions.defaultRuns,
      depth: Int = ExploreOptions.defaultDepth, given: String? = nil, out: String = defaultOut,
      registry: MachineRegistry = .builtIn
    ) {
      self.machine = machine
      self.seed = seed
      self.runs = runs
      self.depth = depth
      self.given = given
      self.out = out
      self.registry = registry
    }
  }

  /// `authflow explore`: random walks with every invariant checked; the first broken one is shrunk to a
  /// scenario written into `--out`. Exit 1 when something was found, 0 when not, 2 for bad input.
  public static func explore(_ request: ExploreRequest, io: CommandIO = .standard) -> ExitStatus {
    guard request.runs >= 1 else {
      io.err("error: --runs must be at least 1, found \(request.runs)\n")
      return .invalidInput
    }
    guard request.depth >= 1, request.depth <= ScenarioLoader.maximumSteps else {
      io.err("error: --depth must be between 1 and \(ScenarioLoader.maximumSteps), found \(request.depth)\n")
      return .invalidInput
    }
    // Checked before exploring: a nightly job with a bad --out must not go green because nothing was found.
    if let problem = outProblem(request.out) {
      io.err("error: --out '\(PlainText.visible(request.out))' \(problem)\n")
      return .invalidInput
    }
    var configuration = RunConfiguration(machine: request.machine, registry: request.registry)
    configuration.startAdapter()
    guard let machine = descriptor(request.machine, in: configuration, io: io) else { return .invalidInput }
    var reference: MachineDescriptor?
    if let against = request.against {
      reference = descriptor(against, in: configuration, io: io, option: "--against: ")
      guard reference != nil else { return .invalidInput }
    }
    var given: Scenario?
    if let path = request.given {
      var loader = ScenarioLoader(machineNames: request.registry.names)
      loader.readsWorldOnly = true
      let loaded = loader.load(paths: [path])
      guard loaded.diagnostics.isEmpty else {
        printDiagnostics(loaded, io: io)
        return .invalidInput
      }
      guard loaded.scenarios.count == 1 else {
        io.err("error: --given '\(path)' must hold one scenario; it holds \(loaded.scenarios.count)\n")
        return .invalidInput
      }
      given = loaded.scenarios.first
    }
    // The `--given` file's passwords are secrets: the walks type them, and the file written holds them.
    let secrets = given.map { $0.secrets(for: machine) + $0.strayValues(for: machine) } ?? []
    let io = io.hiding(secrets, keeping: request.registry.words)
    var options = ExploreOptions(
      machine: machine.name, seed: request.seed, runs: request.runs, depth: request.depth, given: given,
      registry: request.registry)
    options.against = reference?.name
    options.program = request.program
    options.stepTimeout = request.stepTimeout
    let versus = reference.map { " against \($0.name)" } ?? ""
    io.out(
      "explore \(machine.name)\(versus), seed \(request.seed): \(request.runs) walk(s) of up to \(request.depth) steps\n"
    )
    let meter = ProgressMeter(io: io)
    let explorer = Explorer(machine: machine, options: options, reference: reference)
    let explored = watched(explorer, timeout: request.stepTimeout) {
      meter.show($0)
    }
    meter.clear()
    guard case .success(let outcome) = explored else {
      if case .failure(let stuck) = explored { io.out(hung(stuck, machine: machine.name, options: options)) }
      return .failures
    }
    if outcome.interrupted > 0, let first = outcome.firstInterruption {
      io.out(
        "note: \(outcome.interrupted) walk(s) stopped early without breaking an invariant; the first: \(first)\n"
      )
    }
    guard let finding = outcome.finding else {
      let held =
        reference.map { "no invariant broke and nothing differed from \($0.name)" } ?? "no invariant broke"
      io.out("explored \(outcome.steps) steps in \(outcome.walks) walk(s): \(held)\n")
      return .success
    }
    var hidden = finding
    // Numbered, so the file still tells one password from another when it is played again.
    hidden.yaml = Redactor(passwords: secrets, keeping: request.registry.words).scrub(finding.yaml)
    return report(hidden, machine: machine.name, request: request, io: io)
  }

  /// Explores on a thread of its own while this one watches the steps (of walks and of shrinking alike),
  /// through the loop runs use: a step still running after `timeout` stops the exploration, and is what it found.
  /// The machine `name` selects in `configuration`, or nil after saying why there is none.
  static func descriptor(
    _ name: String, in configuration: RunConfiguration, io: CommandIO, option: String = ""
  ) -> MachineDescriptor? {
    switch configuration.descriptor(for: MachineReference(name)) {
    case .success(let descriptor): return descriptor
    case .failure(let problem):
      io.err("error: \(option)\(problem)\n")
      return nil
    }
  }

  private static func watched(
    _ explorer: Explorer, timeout: Duration, progress: @escaping (ExploreProgress) -> Void
  ) -> Result<ExploreOutcome, StepWatch.StuckError> {
    // The progress line is drawn from the exploring thread only; this one only waits and watches.
    let explored = WatchedWorkers.run(
      count: 1, workers: 1, timeout: timeout,
      work: { _, watch in
        var explorer = explorer
        explorer.watch = watch
        // An async app runs on the main thread, as in `run` (MainThread).
        let outcome =
          explorer.machine.isAsync
          ? MainThread.perform { explorer.explore(progress: progress) } : explorer.explore(progress: progress)
        watch.finish()
        return Result<ExploreOutcome, StepWatch.StuckError>.success(outcome)
      },
      stuck: { _, stuck, _, _ in
        Result<ExploreOutcome, StepWatch.StuckError>.failure(
          StepWatch.StuckError(stuck: stuck, timeout: timeout))
      })
    return explored.first ?? .success(ExploreOutcome())
  }

  /// What to say when a step of an exploration hung.
  private static func hung(_ error: StepWatch.StuckError, machine: String, options: ExploreOptions) -> String
  {
    let stuck = error.stuck
    let doing =
      stuck.step == 0
      ? "setting up the world" : "step \(stuck.step) ('\(stuck.action?.rawValue ?? "expect")')"
    return
      "found: walk \(stuck.scenario) hung: machine '\(machine)' did not finish \(doing) within "
      + "\(RunConfiguration.seconds(error.timeout)) (--step-timeout)"
      + (MachineReference(machine).isCommand
        ? ". The exploration stopped there (its adapter was stopped); "
        : "; it may be looping without calling its auth client. The exploration stopped there (it was left "
          + "running); ")
      + "\(options.commandLine) reaches it again.\n"
  }

  /// Why a scenario could not be written into the folder `path`, or nil: a file is there, or the nearest
  /// existing folder above it cannot be written.
  static func outProblem(_ path: String) -> String? {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if files.fileExists(atPath: path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { return "is a file, not a folder" }
      return files.isWritableFile(atPath: path) ? nil : "is a folder this process cannot write to"
    }
    var above = URL(fileURLWithPath: path).deletingLastPathComponent()
    while !files.fileExists(atPath: above.path, isDirectory: &isFolder), above.path != "/" {
      above = above.deletingLastPathComponent()
    }
    guard isFolder.boolValue else { return "cannot be made: '\(PlainText.visible(above.path))' is a file" }
    return files.isWritableFile(atPath: above.path)
      ? nil : "cannot be made: '\(PlainText.visible(above.path))' cannot be written to"
  }

  private static func report(
    _ finding: ExploreFinding, machine: String, request: ExploreRequest, io: CommandIO
  ) -> ExitStatus {
    let what =
      finding.invariant.hasPrefix("against ")
      ? "\(machine) differs from \(finding.invariant.dropFirst("against ".count))"
      : "invariant \(finding.invariant) broke"
    // The walk's own step, and what all the walks took to get there: "after 53 steps" beside "shrunk from 13"
    // read as one walk of 53.
    io.out(
      "found: \(what) at step \(finding.foundLength) of walk \(finding.walk) (\(finding.stepsToFind) steps explored)\n"
    )
    io.out("  \(PlainText.visible(finding.message))\n")
    io.out(
      "shrunk from \(finding.foundLength) to \(finding.minimalLength) step(s) in \(finding.replays) replays\n"
    )
    let path =
      request.out + "/" + fileName(machine: machine, invariant: finding.invariant, seed: request.seed)
    var files = OutputFiles(io: io)
    guard write(finding.yaml, to: path, what: "the scenario", files: &files, io: io) else {
      return .invalidInput
    }
    io.out(
      "wrote \(path): \(check(path, finding: finding, machine: machine, registry: request.registry))\n\n")
    io.out(finding.yaml)
    return .failures
  }

  /// Replays the written file as `authflow run` would, on the explored machine and on its base machine.
  static func check(_ path: String, finding: ExploreFinding, machine: String, registry: MachineRegistry)
    -> String
  {
    let loaded = ScenarioLoader(machineNames: registry.names).load(paths: [path])
    guard loaded.diagnostics.isEmpty, let scenario = loaded.scenarios.first else {
      return "but it does not load: " + loaded.diagnostics.map(\.description).joined(separator: "; ")
    }
    func outcome(on name: String) -> String {
      let result = RunConfiguration(machine: name, registry: registry).run(scenario)
      switch result.status {
      case .passed: return "passes on \(name)"
      case .failed, .errored: return "fails on \(name) with \(result.failure?.key ?? result.status.rawValue)"
      }
    }
    return ([outcome(on: machine)] + (finding.baseMachine.map { [outcome(on: $0)] } ?? []))
      .joined(separator: ", ")
  }

  /// `authkit-no-foreground-refresh-foreground-reloads-user-seed-1.yaml`: letters, digits, `.` and `-` only.
  static func fileName(machine: String, invariant: String, seed: UInt64) -> String {
    var name = ""
    for character in "\(machine)-\(invariant)-seed-\(seed)" {
      let keep = character.isASCII && (character.isLetter || character.isNumber || character == ".")
      if keep {
        name.append(character)
      } else if name.last != "-" {
        name.append("-")
      }
    }
    return name + ".yaml"
  }
}
