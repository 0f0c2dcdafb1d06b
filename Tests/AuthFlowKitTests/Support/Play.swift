import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Loads one inline scenario, which must be valid, and runs it on `machine` (`--machine`; nil: the file's own
/// `machine:` or authkit), with `seed` (`--seed`) when given, against the machines of `registry`.
func play(
  _ yaml: String, machine: String? = nil, seed: UInt64? = nil, registry: MachineRegistry = .builtIn,
  file: String = "test.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ScenarioResult {
  var scenario = try loadScenario(yaml, file: file, registry: registry, sourceLocation: sourceLocation)
  // A test that plays an inline scenario naming no machine on a mutant means it as a scenario of the mutant's
  // machine, which is what `--machine` replaces with a mutant (SPEC §11).
  if scenario.machine == nil, let base = machine.flatMap({ MachineReference($0).base }) {
    scenario.machine = Located(MachineReference(base), at: scenario.location)
  }
  return RunConfiguration(machine: machine, seed: seed, registry: registry).run(scenario)
}

/// `play` for YAML with position markers.
func play(
  _ yaml: MarkedYAML, machine: String? = nil, seed: UInt64? = nil, registry: MachineRegistry = .builtIn,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> ScenarioResult {
  try play(
    yaml.text, machine: machine, seed: seed, registry: registry, file: yaml.file,
    sourceLocation: sourceLocation)
}

/// The one scenario of an inline YAML document; the test stops if the YAML is not a valid scenario.
func loadScenario(
  _ yaml: String, file: String = "test.yaml", registry: MachineRegistry = .builtIn,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Scenario {
  let loaded = ScenarioLoader(machineNames: registry.names).load(yaml: yaml, file: file)
  try #require(
    loaded.diagnostics.isEmpty,
    "the test's YAML is invalid:\n\(loaded.diagnostics.map(\.description).joined(separator: "\n"))",
    sourceLocation: sourceLocation)
  try #require(
    loaded.scenarios.count == 1, "the test's YAML must hold one scenario", sourceLocation: sourceLocation)
  return try #require(loaded.scenarios.first, sourceLocation: sourceLocation)
}

/// Expects the scenario to have passed; otherwise shows why, with its transcript.
func expectPassed(_ result: ScenarioResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  #expect(result.status == .passed, result.explanation, sourceLocation: sourceLocation)
}

extension ScenarioResult {
  /// The transcript as the console prints it.
  var transcriptText: String { TranscriptFormatter.plain(transcript) }

  /// The status, the failure and the transcript: what a test shows when a result is not the one expected.
  var explanation: Comment {
    Comment(rawValue: "\(status.rawValue): \(failure?.message ?? "no failure")\n\(transcriptText)")
  }

  /// Transcript entries written by `actor` whose text contains `text`.
  func entries(_ actor: String, containing text: String) -> [TranscriptEntry] {
    transcript.filter { $0.actor == actor && $0.text.contains(text) }
  }

  /// The status of each step, in order.
  var stepStatuses: [StepOutcome.Status] { steps.map(\.status) }
}
