import AuthFlowEngine
import AuthFlowLanguage

extension Commands {
  /// `authflow mutants`' options.
  public struct MutantsOptions: Sendable {
    /// Scenario files and folders; none means the bundled `Scenarios`.
    public var paths: [String]
    /// The machine whose mutants to try.
    public var machine: String
    /// `--seed`: overrides each scenario's seed.
    public var seed: UInt64?
    /// The machines `--machine` may name, with their mutants.
    public var registry: MachineRegistry
    /// `--step-timeout`: a step (on the machine or a mutant) still running after this errors its scenario, so a
    /// mutant that loops is caught instead of stopping the command.
    public var stepTimeout = RunConfiguration.defaultStepTimeout

    /// The options of one `authflow mutants`, each defaulting as the command does.
    public init(
      paths: [String] = [], machine: String = MachineRegistry.defaultMachine, seed: UInt64? = nil,
      registry: MachineRegistry = .builtIn
    ) {
      self.paths = paths
      self.machine = machine
      self.seed = seed
      self.registry = registry
    }
  }

  /// The outcome of trying one mutant against the scenarios that pass on its machine.
  public struct MutantOutcome: Sendable {
    /// The mutant tried.
    public var mutant: MachineDescriptor
    /// Scenarios that passed on the machine and did not pass on the mutant: they catch its bug.
    public var killedBy: [ScenarioResult]
    /// Scenarios that could not be played on the mutant at all (an earlier step that never ended holds the
    /// process's async executors): they neither catch nor miss its bug.
    public var notPlayed: [ScenarioResult] = []
    /// Whether some scenario caught its bug.
    public var killed: Bool { !killedBy.isEmpty }
    /// Whether nothing caught its bug because scenarios could not be played: neither killed nor survived.
    public var untested: Bool { !killed && !notPlayed.isEmpty }
  }

  /// `authflow mutants`: runs the scenarios written for `machine` (its own, by their `machine:` key or the
  /// default) against each of its mutants, and prints the mutation score `killed/total` naming survivors.
  /// Exit 1 when a mutant survives or a scenario fails on the machine itself; 2 for invalid input.
  public static func mutants(_ options: MutantsOptions, io: CommandIO = .standard) -> ExitStatus {
    let registry = options.registry
    let reference = MachineReference(options.machine)
    if reference.isCommand {
      io.err(
        "error: machine '\(options.machine)' has no mutants: an out-of-process adapter declares none; "
          + "run a buggy build of it with `authflow run --machine exec:…` instead\n")
      return .invalidInput
    }
    guard registry.descriptor(named: options.machine) != nil else {
      io.err("error: \(MachineError.unknownMachine(reference, known: registry.names))\n")
      return .invalidInput
    }
    let mutants = registry.mutants(of: options.machine)
    guard !mutants.isEmpty else {
      io.err("error: machine '\(options.machine)' has no mutants\n")
      return .invalidInput
    }
    let loaded = loadScenarios(options.paths, machineNames: registry.names)
    guard loaded.diagnostics.isEmpty else {
      printDiagnostics(loaded, io: io)
      return .invalidInput
    }
    let stoodFor = registry.descriptor(named: options.machine)?.playsScenariosOf.map { MachineReference($0) }
    let own = loaded.scenarios.filter {
      let written = $0.machine?.value ?? MachineReference(MachineRegistry.defaultMachine)
      return written == reference || written == stoodFor
    }
    guard !own.isEmpty else {
      // A score of 0/N would read as scenarios that catch nothing, when none was tried.
      let paths = scenarioPaths(options.paths)
      io.err(
        "error: no scenario in \(paths.joined(separator: ", ")) is written for \(options.machine) (by its "
          + "`machine:` key, or by naming none, for \(MachineRegistry.defaultMachine)): there is nothing to try "
          + "its mutants with\n")
      return .invalidInput
    }
    var baseline = RunConfiguration(machine: options.machine, seed: options.seed, registry: registry)
    baseline.stepTimeout = options.stepTimeout
    let baseResults = baseline.run(own, jobs: 1, narration: .failures)
    let broken = baseResults.filter { $0.status != .passed }
    for result in broken {
      let why = result.failure?.notPlayed == true ? "could not be played" : "does not pass"
      io.out(
        "not counted: \(PlainText.quoted(result.name)) (\(PlainText.visible(result.file))) \(why) on "
          + "\(options.machine) itself\n")
    }
    // A step of the machine itself held the process's async executors: no mutant can be played after it.
    let unplayedOnBase = broken.filter { $0.failure?.notPlayed == true }
    let passing = zip(own, baseResults).filter { $0.1.status == .passed }.map(\.0)
    io.out(
      "\(passing.count) scenario(s) written for \(options.machine) pass on it; trying \(mutants.count) mutant(s)\n"
    )

    var outcomes: [MutantOutcome] = []
    for mutant in mutants {
      guard unplayedOnBase.isEmpty else {
        let outcome = MutantOutcome(mutant: mutant, killedBy: [], notPlayed: unplayedOnBase)
        outcomes.append(outcome)
        io.out(describe(outcome, of: passing.count) + "\n")
        continue
      }
      var configuration = RunConfiguration(machine: mutant.name, seed: options.seed, registry: registry)
      configuration.stepTimeout = options.stepTimeout
      let failed = configuration.run(passing, jobs: 1, narration: .failures).filter { $0.status != .passed }
      let outcome = MutantOutcome(
        mutant: mutant, killedBy: failed.filter { $0.failure?.notPlayed != true },
        notPlayed: failed.filter { $0.failure?.notPlayed == true })
      outcomes.append(outcome)
      io.out(describe(outcome, of: passing.count) + "\n")
    }
    let killed = outcomes.count(where: \.killed)
    let survivors = outcomes.filter { !$0.killed && !$0.untested }.map(\.mutant.name)
    let untested = outcomes.filter(\.untested).map(\.mutant.name)
    var score = "mutation score: \(killed)/\(outcomes.count) killed"
    if !survivors.isEmpty { score += "; survived: \(survivors.joined(separator: ", "))" }
    if !untested.isEmpty { score += "; not tested: \(untested.joined(separator: ", "))" }
    io.out(score + "\n")
    if let held = outcomes.lazy.flatMap(\.notPlayed).first?.failure?.message {
      let remedy =
        unplayedOnBase.isEmpty
        ? "A mutant not tested needs a process of its own: `run --machine MUTANT` plays its scenarios"
        : "Fix the step of \(options.machine) itself that never ends first"
      io.out("note: some scenarios could not be played: \(held). \(remedy)\n")
    }
    return survivors.isEmpty && untested.isEmpty && broken.isEmpty ? .success : .failures
  }

  /// The mutant's line; `scenarios` is how many were to be played on it.
  private static func describe(_ outcome: MutantOutcome, of scenarios: Int) -> String {
    let name = outcome.mutant.name
    if outcome.untested {
      let count = min(outcome.notPlayed.count, scenarios)
      let which =
        scenarios == 0 || count >= scenarios ? "its scenarios" : "\(count) of its \(scenarios) scenarios"
      return "  NOT TESTED \(name) — \(outcome.mutant.summary): \(which) could not be played"
    }
    guard let first = outcome.killedBy.first else {
      return "  SURVIVED  \(name) — \(outcome.mutant.summary): no scenario catches it"
    }
    let others = outcome.killedBy.count > 1 ? " and \(outcome.killedBy.count - 1) more" : ""
    return
      "  killed    \(name) — by \(PlainText.quoted(first.name)) (\(PlainText.visible(first.file)))\(others)"
  }
}
