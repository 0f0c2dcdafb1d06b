/// Which machine and seed each scenario of a run gets, and which scenarios run.
public struct RunConfiguration: Sendable {
  /// `--machine`: overrides each scenario's `machine`.
  public var machine: String?
  /// `--seed`: overrides each scenario's `seed`.
  public var seed: UInt64?
  /// `--filter`: only scenarios whose name contains this text (case-insensitively).
  public var filter: String?
  public var registry: MachineRegistry

  /// The seed of a scenario that names none, when the command line names none either.
  public static let defaultSeed: UInt64 = 0

  public init(
    machine: String? = nil, seed: UInt64? = nil, filter: String? = nil, registry: MachineRegistry = .builtIn
  ) {
    self.machine = machine
    self.seed = seed
    self.filter = filter
    self.registry = registry
  }

  /// The scenarios the filters select, in load order.
  public func select(_ scenarios: [Scenario]) -> [Scenario] {
    guard let filter, !filter.isEmpty else { return scenarios }
    let needle = filter.lowercased()
    return scenarios.filter { $0.name.lowercased().contains(needle) }
  }

  /// Problems with the configuration itself (an unknown `--machine`), as messages.
  public func problems() -> [String] {
    guard let machine, registry.descriptor(named: machine) == nil else { return [] }
    return [Self.unknownMachine(machine, registry: registry)]
  }

  static func unknownMachine(_ name: String, registry: MachineRegistry) -> String {
    "unknown machine '\(name)'\(Suggestion.didYouMean(name, in: registry.names)); "
      + "known machines: \(registry.names.joined(separator: ", "))"
  }

  /// Runs one scenario with its machine and seed.
  public func run(_ scenario: Scenario) -> ScenarioResult {
    let name = machine ?? scenario.machine?.value ?? MachineRegistry.defaultMachine
    let seed = seed ?? scenario.seed ?? Self.defaultSeed
    guard let descriptor = registry.descriptor(named: name) else {
      let location = scenario.machine?.location ?? scenario.location
      let message = Self.unknownMachine(name, registry: registry)
      return ScenarioResult(
        name: scenario.name, file: scenario.file, location: scenario.location, machine: name, seed: seed,
        tags: scenario.tags, reproduces: scenario.reproduces, status: .errored,
        failure: Failure(step: 0, location: location, key: "machine", message: message),
        steps: scenario.steps.map {
          StepOutcome(
            number: $0.number, location: $0.location, action: $0.action?.kind.rawValue ?? "expect",
            status: .skipped)
        }, transcript: [])
    }
    return ScenarioRunner(scenario: scenario, descriptor: descriptor, seed: seed).run()
  }
}

extension Failure {
  init(step: Int, location: SourceLocation, key: String?, message: String) {
    self.init(step: step, location: location, key: key, expected: nil, actual: nil, message: message)
  }
}

/// The counts a run ends with.
public struct Summary: Equatable, Sendable {
  public var passed = 0
  public var failed = 0
  public var errored = 0
  public var total: Int { passed + failed + errored }

  public init(_ results: [ScenarioResult]) {
    for result in results {
      switch result.status {
      case .passed: passed += 1
      case .failed: failed += 1
      case .errored: errored += 1
      }
    }
  }

  /// `N passed, N failed` with `, N errored` when some errored: the console's last line.
  public var line: String {
    "\(passed) passed, \(failed) failed" + (errored > 0 ? ", \(errored) errored" : "")
  }
}
