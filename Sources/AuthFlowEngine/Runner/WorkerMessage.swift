import AuthFlowLanguage

/// The lines a run and its worker processes exchange: a ``Setup`` first, then batches of a ``Request`` for each
/// scenario, each one JSON object a line and an empty line after each batch, each request answered by a
/// ``Reply`` (one line of ``WorkerRecord``).
enum WorkerMessage {
  /// What every scenario of the run shares: the command line's machine, seed and checks.
  struct Setup: Codable, Equatable {
    var machine: String?
    var seed: UInt64?
    var strict: Bool
    var recordsCoverage: Bool
    var stepTimeoutNanoseconds: Int64
    var execTimeoutNanoseconds: Int64
    /// Whether a passed scenario keeps its transcript (`Narration.every`).
    var narratesEvery: Bool
    /// Files the worker loads as soon as it starts, before its requests come: the share it is likely to get,
    /// read while the run loads every file (see ``WorkerLanes``). A request for another file loads that file.
    var preload: [String]

    init(_ configuration: RunConfiguration, narration: RunConfiguration.Narration, preload: [String] = []) {
      self.preload = preload
      narratesEvery = narration == .every
      machine = configuration.machine?.description
      seed = configuration.seed
      strict = configuration.strict
      recordsCoverage = configuration.recordsCoverage
      stepTimeoutNanoseconds = configuration.stepTimeout.nanoseconds
      execTimeoutNanoseconds = configuration.execTimeout.nanoseconds
    }

    var narration: RunConfiguration.Narration { narratesEvery ? .every : .failures }

    /// The configuration the worker plays with, naming the machines of `registry`.
    func configuration(registry: MachineRegistry) -> RunConfiguration {
      var configuration = RunConfiguration(
        machine: machine, seed: seed, registry: registry, execTimeout: .nanoseconds(execTimeoutNanoseconds))
      configuration.strict = strict
      configuration.recordsCoverage = recordsCoverage
      configuration.stepTimeout = .nanoseconds(stepTimeoutNanoseconds)
      return configuration
    }
  }

  /// One scenario to play: the file to load it from, and its name and place there.
  struct Request: Codable, Equatable {
    var file: String
    var name: String
    var line: Int
    var column: Int

    init(_ scenario: Scenario) {
      file = scenario.file
      name = scenario.name
      line = scenario.location.line
      column = scenario.location.column
    }

    /// Where the scenario starts.
    var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

  }

  /// The answer to a request: the result, or why the worker could not play it (the run then plays it
  /// itself); `retiring` when the worker takes no more (a step of it never ended).
  struct Reply {
    var result: ScenarioResult?
    var unplayable: String?
    var retiring = false

    init(result: ScenarioResult? = nil, unplayable: String? = nil, retiring: Bool = false) {
      self.result = result
      self.unplayable = unplayable
      self.retiring = retiring
    }
  }
}
