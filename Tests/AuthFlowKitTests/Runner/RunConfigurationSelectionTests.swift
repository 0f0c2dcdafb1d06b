import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite struct RunConfigurationSelectionTests {
  static let scenarios = [
    scenario("Sign up", tags: ["sign-up", "verification"]),
    scenario("Sign in with Apple", tags: ["sign-in", "apple"]),
    scenario("Delete with Apple", tags: ["delete-account", "apple", "slow"]),
    scenario("Untagged"),
  ]

  static func scenario(_ name: String, tags: [String] = []) -> Scenario {
    Scenario(
      name: name, file: "\(name).yaml", location: SourceLocation(file: "\(name).yaml", line: 1, column: 1),
      tags: tags, steps: [])
  }

  func names(_ configuration: RunConfiguration) -> [String] {
    configuration.select(Self.scenarios).map(\.name)
  }

  @Test func aMachineReplacingAMatrixsMachinesPlaysEachCombinationOnceNamedAfterIt() throws {
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(
      yaml: """
        scenario: Sign up
        matrix: { machines: [authkit, showcase], vars: { online: [true, false] } }
        steps:
          - network: { online: "${online}" }
        """, file: "matrix.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    #expect(
      RunConfiguration(machine: "paper").select(loaded.scenarios).map(\.name) == [
        "Sign up [online=true, machine=paper]", "Sign up [online=false, machine=paper]",
      ])
    // A mutant replaces only its machine's combinations; the others keep theirs.
    #expect(
      RunConfiguration(machine: "showcase~loses-guest-data").select(loaded.scenarios).map(\.name) == [
        "Sign up [online=true, machine=authkit]", "Sign up [online=false, machine=authkit]",
        "Sign up [online=true, machine=showcase~loses-guest-data]",
        "Sign up [online=false, machine=showcase~loses-guest-data]",
      ])
    #expect(
      RunConfiguration(machine: "paper", filter: "machine=paper").select(loaded.scenarios).count == 2,
      "--filter sees the names the run prints")
    #expect(RunConfiguration().select(loaded.scenarios).count == 4)
  }

  @Test func withoutFlagsEveryScenarioIsSelectedInLoadOrder() {
    #expect(names(RunConfiguration()) == Self.scenarios.map(\.name))
  }

  @Test func aScenarioNeedsAnyOfTheTags() {
    #expect(names(RunConfiguration(tags: ["apple"])) == ["Sign in with Apple", "Delete with Apple"])
    #expect(names(RunConfiguration(tags: ["sign-up", "sign-in"])) == ["Sign up", "Sign in with Apple"])
  }

  @Test func aScenarioWithAnySkippedTagIsLeftOut() {
    #expect(
      names(RunConfiguration(skipTags: ["slow", "verification"])) == ["Sign in with Apple", "Untagged"])
    #expect(names(RunConfiguration(tags: ["apple"], skipTags: ["slow"])) == ["Sign in with Apple"])
  }

  @Test func tagsCompareExactly() {
    #expect(names(RunConfiguration(tags: ["Apple"])).isEmpty)
    #expect(names(RunConfiguration(tags: ["app"])).isEmpty)
  }

  @Test func theFilterAppliesWithTheTags() {
    #expect(names(RunConfiguration(filter: "DELETE", tags: ["apple"])) == ["Delete with Apple"])
  }

  @Test func theShardSplitsWhatTheOtherFiltersSelect() throws {
    let first = RunConfiguration(skipTags: ["verification"], shard: try Shard(index: 1, count: 2))
    let second = RunConfiguration(skipTags: ["verification"], shard: try Shard(index: 2, count: 2))
    #expect(names(first) == ["Sign in with Apple", "Untagged"])
    #expect(names(second) == ["Delete with Apple"])
  }

  @Test func warnsOfATagNoScenarioHasWithTheNearestOne() {
    let configuration = RunConfiguration(tags: ["aple", "apple"], skipTags: ["slo", "slo"])
    #expect(
      configuration.selectionWarnings(for: Self.scenarios) == [
        "--tag 'aple': no scenario has this tag; did you mean 'apple'?",
        "--skip-tag 'slo': no scenario has this tag; did you mean 'slow'?",
      ])
  }
}
