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

  func problems(_ step: String) -> [LoadProblem] {
    let yaml = "scenario: x\nsteps:\n  - \(step)\n"
    return ScenarioLoader().load(yaml: yaml, file: "test.yaml").diagnostics.map(\.problem)
  }

  @Test(arguments: ActionKind.allCases.filter { argumentMapping(of: $0) != nil })
  func anEmptyArgumentMappingLacksExactlyTheRequiredKeys(kind: ActionKind) throws {
    let mapping = try #require(Self.argumentMapping(of: kind))
    let found = problems("\(kind.rawValue): {}")
    if kind == .admin {
      #expect(found == [.adminNeedsOneOperation(found: [])])
    } else {
      let expected = Set(mapping.required.map { LoadProblem.missingKey(key: $0) })
      #expect(Set(found) == expected && found.count == expected.count, "\(kind)")
    }
  }

  @Test(arguments: ActionKind.allCases.filter { argumentMapping(of: $0) != nil })
  func anArgumentKeyTheLanguageDoesNotHaveIsRefused(kind: ActionKind) throws {
    let found = problems("\(kind.rawValue): { zzz: 1 }")
    #expect(
      found.contains {
        if case .unknownKey("zzz", let context, _) = $0 { context.hasPrefix(kind.rawValue) } else { false }
      }, "\(found)")
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
    #expect(BackendSettings.keys.count == 17)
    #expect(Expectation.keys == ScenarioLanguage.expectation.keys)
    #expect(
      AdminAction.keys == [
        "disable", "enable", "delete", "revoke_sessions", "verify_email", "set_password", "set_claims",
        "update_email", "set_phone", "unenroll_mfa",
      ])
  }
}
