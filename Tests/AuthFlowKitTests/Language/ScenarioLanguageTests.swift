import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The loader checks every action's arguments against ``ScenarioLanguage``, the description the schema is
/// generated from.
@Suite struct ScenarioLanguageTests {
  /// The mapping form of an action's arguments, when it has exactly one.
  static func argumentMapping(of kind: ActionKind) -> MappingShape? {
    switch ScenarioLanguage.argument(of: kind) {
    case .mapping(let mapping): return mapping
    case .either(let forms):
      let mappings = forms.compactMap { form -> MappingShape? in
        if case .mapping(let mapping) = form { mapping } else { nil }
      }
      return mappings.count == 1 ? mappings.first : nil
    default: return nil
    }
  }

  func diagnostics(_ step: String) -> [String] {
    let yaml = "scenario: x\nsteps:\n  - \(step)\n"
    return ScenarioLoader().load(yaml: yaml, file: "test.yaml").diagnostics.map(\.message)
  }

  @Test(arguments: ActionKind.allCases.filter { argumentMapping(of: $0) != nil })
  func anEmptyArgumentMappingLacksExactlyTheRequiredKeys(kind: ActionKind) throws {
    let mapping = try #require(Self.argumentMapping(of: kind))
    let messages = diagnostics("\(kind.rawValue): {}")
    let expected = mapping.required.map { "missing required key '\($0)'" }
    if kind == .admin {
      #expect(messages.count == 1 && messages[0].hasPrefix("'admin' takes exactly one of"))
    } else {
      #expect(messages.sorted() == expected.sorted(), "\(kind)")
    }
  }

  @Test(arguments: ActionKind.allCases.filter { argumentMapping(of: $0) != nil })
  func anArgumentKeyTheLanguageDoesNotHaveIsRefused(kind: ActionKind) throws {
    let messages = diagnostics("\(kind.rawValue): { zzz: 1 }")
    #expect(messages.contains { $0.hasPrefix("unknown key 'zzz' in \(kind.rawValue)") }, "\(messages)")
  }

  @Test func everyActionHasAnArgumentFormAndASummary() {
    for kind in ActionKind.allCases {
      #expect(ScenarioLanguage.stepMapping[kind.rawValue] != nil)
      #expect(!ScenarioLanguage.summary(of: kind).isEmpty)
    }
  }

  @Test func theModelsKeyListsAreTheLanguages() {
    #expect(Scenario.keys == ScenarioLanguage.scenario.keys)
    #expect(Scenario.keys.first == "version" && Scenario.keys.last == "steps")
    #expect(BackendSettings.keys.count == 9)
    #expect(Expectation.keys == ScenarioLanguage.expectation.keys)
    #expect(
      AdminAction.keys == ["disable", "enable", "delete", "revoke_sessions", "verify_email", "set_password"])
  }
}
