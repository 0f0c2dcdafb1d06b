import AuthFlowLanguage

/// Which machine and seed each scenario of a run gets, and which scenarios run.
public struct RunConfiguration: Sendable {
  /// `--machine`: overrides each scenario's `machine`.
  public var machine: MachineReference?
  /// `--seed`: overrides each scenario's `seed`.
  public var seed: UInt64?
  /// `--filter`: only scenarios whose name contains this text (case-insensitively).
  public var filter: String?
  /// `--tag`: when not empty, only scenarios with at least one of these tags.
  public var tags: [String]
  /// `--skip-tag`: no scenario with any of these tags.
  public var skipTags: [String]
  /// `--shard I/N`: only the I-th of N slices of the scenarios the other filters select.
  public var shard: Shard?
  /// The machines `--machine` and scenarios may name.
  public var registry: MachineRegistry
  /// `--exec-timeout`: how long an `exec:` adapter may take to send (or read) a line before its scenario
  /// errors.
  public var execTimeout: Duration
  /// `--step-timeout`: how long one step may run before its scenario errors (a machine that loops without
  /// calling its client, which the per-step call budget cannot catch); only runs of a list of scenarios
  /// (`run(_:jobs:…)`) watch for it.
  public var stepTimeout = defaultStepTimeout
  /// Measures each scenario's wall-clock duration (reports show it); tests fix it so reports are byte-stable.
  public var stopwatch = Stopwatch.continuous
  /// The handshake with the `exec:` adapter `machine` names, made once by ``startAdapter()``.
  private var execHandshake: ExecHandshake?
  /// `--strict`: every scenario runs as if it said `strict: true`.
  public var strict = false
  /// `--coverage`: record each machine's (state, screen, action) transitions into the results.
  public var recordsCoverage = false
  /// Whether this configuration plays a worker process's share (`authflow worker`): a step that holds the async
  /// executors for good ends the worker, and the run plays the rest of its share.
  package var servesWorker = false

  /// The seed of a scenario that names none, when the command line names none either.
  public static let defaultSeed: UInt64 = 0
  /// `--exec-timeout`'s default.
  public static let defaultExecTimeout = Duration.seconds(10)
  /// `--step-timeout`'s default.
  public static let defaultStepTimeout = Duration.seconds(10)

  /// Makes the configuration; it starts nothing (an `exec:` adapter starts in ``startAdapter()``).
  public init(
    machine: String? = nil, seed: UInt64? = nil, filter: String? = nil, tags: [String] = [],
    skipTags: [String] = [], shard: Shard? = nil, registry: MachineRegistry = .builtIn,
    execTimeout: Duration = defaultExecTimeout
  ) {
    self.machine = machine.map { MachineReference($0) }
    self.seed = seed
    self.filter = filter
    self.tags = tags
    self.skipTags = skipTags
    self.shard = shard
    self.registry = registry
    self.execTimeout = execTimeout
  }

  /// When ``machine`` is `exec:COMMAND`, starts the adapter once (and stops it) to learn what it supports,
  /// so the scenarios of the run need no handshake of their own; does nothing for any other machine. A
  /// failure shows in ``problems()``. Call it before running, after the last change to `machine` or
  /// `execTimeout`.
  public mutating func startAdapter() {
    guard case .exec(let command) = machine else { return }
    execHandshake = ExecHandshake(
      command: command, timeout: execTimeout,
      result: ExecMachine.descriptor(command: command, timeout: execTimeout))
  }

  /// What an `exec:` adapter's handshake gave.
  private struct ExecHandshake: Sendable {
    var command: String
    var timeout: Duration
    var result: Result<MachineDescriptor, MachineError>
  }

  /// Problems with the configuration itself: an unknown `--machine`, or an `exec:` adapter that fails its
  /// handshake (started here when ``startAdapter()`` was not called).
  public func problems() -> [MachineError] {
    guard let machine else { return [] }
    if case .failure(let problem) = descriptor(for: machine) { return [problem] }
    return []
  }

  /// The machine a reference selects: a registered one, or an `exec:` adapter described by its handshake
  /// (made now when ``startAdapter()`` made none for it).
  package func descriptor(for machine: MachineReference) -> Result<MachineDescriptor, MachineError> {
    guard case .exec(let command) = machine else { return registry.descriptor(for: machine) }
    if let execHandshake, execHandshake.command == command, execHandshake.timeout == execTimeout {
      return execHandshake.result
    }
    return ExecMachine.descriptor(command: command, timeout: execTimeout)
  }

  /// Which results carry a transcript.
  public enum Narration: Sendable {
    /// Every result.
    case every
    /// Only those that failed or errored. Each scenario is played once, with its transcript recorded as it
    /// goes; a passing one's is dropped at once, so memory does not grow with the scenarios that passed.
    case failures
  }

  /// Runs one scenario with its machine and seed, and measures how long it took.
  public func run(_ scenario: Scenario) -> ScenarioResult { run(scenario, narration: .every) }

  /// Runs one scenario, narrating it or not (see ``Narration``), and measures how long it took.
  public func run(_ scenario: Scenario, narration: Narration) -> ScenarioResult {
    run(scenario, narration: narration, watch: nil)
  }

  /// As above, telling `watch` when each step starts. The scenario is played exactly once.
  func run(_ scenario: Scenario, narration: Narration, watch: StepWatch?) -> ScenarioResult {
    let name = machineReference(for: scenario)
    let measured = stopwatch.time {
      play(scenario, machine: name, keepingPassedTranscript: narration == .every, watch: watch)
    }
    var result = measured.value
    result.durationSeconds = measured.seconds
    return result
  }

  /// Whether `scenario` runs on an ``AsyncMachine`` (so on the process's one queue, one such scenario at a time).
  func runsAsync(_ scenario: Scenario) -> Bool {
    let machine = machineReference(for: scenario)
    guard !machine.isCommand, case .success(let descriptor) = registry.descriptor(for: machine) else {
      return false
    }
    return descriptor.isAsync
  }

  /// What every output of `scenario` hides on the machine it runs on (see `Scenario.secrets(for:)`).
  public func secrets(of scenario: Scenario) -> [String] {
    guard case .success(let machine) = descriptor(for: machineReference(for: scenario)) else {
      return scenario.passwords
    }
    return scenario.secrets(for: machine) + scenario.strayValues(for: machine)
  }

  /// The machine a scenario runs on: `--machine` where it replaces the scenario's own (see
  /// ``replacesMachine(of:)``), else its own, else the default.
  func machineReference(for scenario: Scenario) -> MachineReference {
    if let machine, replacesMachine(of: scenario) { return machine }
    return ownMachine(of: scenario)
  }

  /// The seed a scenario runs with: `--seed`, else its own, else the default.
  func seed(for scenario: Scenario) -> UInt64 { seed ?? scenario.seed ?? Self.defaultSeed }

  private func play(
    _ scenario: Scenario, machine name: MachineReference, keepingPassedTranscript: Bool, watch: StepWatch?
  ) -> ScenarioResult {
    let seed = seed(for: scenario)
    let descriptor: MachineDescriptor
    switch self.descriptor(for: name) {
    case .success(let found): descriptor = found
    case .failure(let problem):
      let location = scenario.machine?.location ?? scenario.location
      return ScenarioResult(
        stopped: scenario, machine: name.description, seed: seed,
        failure: Failure(step: 0, location: location, key: "machine", message: problem.description)
      )
      .hiding(Redactor(passwords: scenario.passwords, keeping: registry.words))
    }
    let run = Run(
      scenario: scenario, descriptor: descriptor, seed: seed, strict: strict || scenario.strict,
      recordsCoverage: recordsCoverage, stepTimeout: stepTimeout)
    run.watch = watch
    return run.play(keepingPassedTranscript: keepingPassedTranscript)
  }
}

extension Failure {
  init(step: Int, location: SourceLocation, key: String?, message: String) {
    self.init(step: step, location: location, key: key, expected: nil, actual: nil, message: message)
  }
}
