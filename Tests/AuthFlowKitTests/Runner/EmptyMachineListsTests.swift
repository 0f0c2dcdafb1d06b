import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage

/// A machine that declares an empty list of sign-in providers, tap targets or fields takes none: lint says so as
/// the run does, and neither prints an empty list.
@Suite struct EmptyMachineListsTests {
  /// Supports `sign_in_with`, `tap` and `type`, and lists no provider, target or field.
  static let registry: MachineRegistry = {
    var registry = MachineRegistry.builtIn
    registry.register(
      MachineDescriptor(
        name: "bare", summary: "takes nothing", supportedActions: [.launch, .signInWith, .tap, .type],
        signInProviders: [], screens: ["start"]
      ) { _ in BareMachine() })
    return registry
  }()

  static let yaml = """
    scenario: names what the machine does not take
    machine: bare
    given:
      identity_providers: { google.com: [{ email: gina@gmail.com }] }
    steps:
      - sign_in_with: google.com
      - tap: go
      - type: { email: gina@gmail.com }
    """

  @Test func lintReportsWhatTheRunRefuses() throws {
    let loaded = ScenarioLoader(machineNames: Self.registry.names).load(yaml: Self.yaml, file: "bare.yaml")
    #expect(loaded.diagnostics.isEmpty)
    let problems = RunConfiguration(registry: Self.registry).machineProblems(in: loaded.scenarios)
    #expect(
      problems.map(\.description) == [
        "bare.yaml:6:5: error: machine 'bare' has no sign-in provider 'google.com'; it has none",
        "bare.yaml:7:5: error: machine 'bare' has no tap target 'go'; it has none",
        "bare.yaml:8:5: error: machine 'bare' has no type field 'email'; it has none",
      ])
  }

  @Test func theRunSaysTheMachineTakesNone() throws {
    let loaded = ScenarioLoader(machineNames: Self.registry.names).load(yaml: Self.yaml, file: "bare.yaml")
    let scenario = try #require(loaded.scenarios.first)
    let result = RunConfiguration(registry: Self.registry).run(scenario)
    #expect(
      result.failure?.message
        == "step 1: machine 'bare' does not support 'sign_in_with' with google.com; it takes no provider")
  }
}

private final class BareMachine: Machine {
  var state: AuthState { .signedOut }
  var screen: String { "start" }
  var error: AuthErrorCode? { nil }
  var ui: [String: String] { [:] }
  func perform(_ action: Action) throws {}
}
