import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The writer's YAML loads back as the scenario it was written from.
@Suite("scenario writer")
struct ScenarioWriterTests {
  /// The scenario without what a new file changes: positions, file name, password order.
  func comparable(_ scenario: Scenario) -> Scenario {
    let here = SourceLocation(file: "", line: 0, column: 0)
    var copy = scenario
    copy.file = ""
    copy.location = here
    copy.passwords = []
    copy.flows = []  // a written scenario has its flows played in place
    copy.combination = nil  // and is one combination of its matrix, under the combination's name
    copy.machine = scenario.machine.map { Located($0.value, at: here) }
    copy.steps = scenario.steps.map { step in
      var step = step
      step.location = here
      step.actionLocation = here
      step.usedAt = nil  // a written scenario has no `use:` step to name
      step.expectations = step.expectations.map { Expectation($0.check, at: here) }
      return step
    }
    return copy
  }

  @Test func everyBundledScenarioRoundTrips() throws {
    let loader = ScenarioLoader(machineNames: MachineRegistry.builtIn.names)
    let loaded = loader.load(paths: [Fixture.scenarios])
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.scenarios.count > 50)
    for scenario in loaded.scenarios {
      let yaml = ScenarioWriter.yaml(scenario)
      let again = loader.load(yaml: yaml, file: "written.yaml")
      #expect(again.diagnostics.isEmpty, "\(scenario.file):\n\(again.diagnostics)\n\(yaml)")
      guard let reloaded = again.scenarios.first else { continue }
      #expect(comparable(reloaded) == comparable(scenario), "\(scenario.file):\n\(yaml)")
    }
  }

  @Test func awkwardStringsComeBackAsWritten() throws {
    let location = SourceLocation(file: "x", line: 1, column: 1)
    let awkward = [
      "yes", "no", "null", "123", "1h", "a: b", "#hash", "quote\"d", "back\\slash", "${dollar}", "tab\there",
      "ünïcødé", "", " padded ", "- dash", "{brace", "line\nbreak",
    ]
    let steps = awkward.enumerated().map { offset, text in
      Step(
        number: offset + 1, location: location, action: .signIn(email: text, password: text),
        actionLocation: location,
        expectations: [Expectation(.ui(name: "greeting", value: text), at: location)])
    }
    let scenario = Scenario(
      name: "awkward: \"strings\"", file: "x", location: location, description: "Line one # not a comment",
      given: Given(accounts: [AccountSeed(email: "a@example.com", password: "${p}", displayName: "on")]),
      steps: steps)
    let yaml = ScenarioWriter.yaml(scenario)
    let loaded = ScenarioLoader().load(yaml: yaml, file: "x")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)\n\(yaml)")
    let reloaded = try #require(loaded.scenarios.first)
    #expect(reloaded.name == scenario.name)
    #expect(reloaded.given == scenario.given)
    #expect(reloaded.steps.map(\.action) == scenario.steps.map(\.action))
    #expect(
      reloaded.steps.map { $0.expectations.map(\.check) }
        == scenario.steps.map { $0.expectations.map(\.check) })
  }
}
