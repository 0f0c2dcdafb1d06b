import Testing

@testable import AuthFlowKit

/// Loads one scenario written inline in a test, as `authflow run` would (the built-in machines' names known),
/// and plays it on `machine`, or on the machine the scenario names.
func play(
  _ yaml: String, on machine: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws
  -> ScenarioResult
{
  let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(
    yaml: yaml, file: "inline.yaml")
  #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)", sourceLocation: sourceLocation)
  let scenario = try #require(loaded.scenarios.first, sourceLocation: sourceLocation)
  return RunConfiguration(machine: machine).run(scenario)
}

extension ScenarioResult {
  /// Why the scenario did not pass, with its transcript: what a test prints when it expected otherwise.
  var explanation: Comment {
    let lines = transcript.map { "\($0.actor)  \($0.text)" }.joined(separator: "\n")
    return "\(status): \(failure?.message ?? "no failure")\n\(lines)"
  }
}
