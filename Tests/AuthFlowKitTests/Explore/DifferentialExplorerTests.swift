import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authflow explore --against REFERENCE`: walks played on two machines, the first step where what they show
/// differs shrunk to a scenario whose expectations are the reference's.
@Suite struct DifferentialExplorerTests {
  /// The display bugs no invariant sees: a wrong greeting, a wrong screen, a field left filled in.
  static let displayMutants = [
    ("firebaseui~greeting-ignores-display-name", "firebaseui"),
    ("firebaseui~ignores-session-end", "firebaseui"),
    ("firebaseui~sign-up-drops-display-name", "firebaseui"),
    ("firebaseui~stranger-for-email-users", "firebaseui"),
    ("paper~go-enabled-when-empty", "paper"),
    ("paper~next-submits", "paper"),
    ("paper~sign-out-keeps-fields", "paper"),
  ]

  /// Every showcase mutant: phone codes that expire while the user is away, second factors, roles set by an
  /// administrator, sign-in links opened after a relaunch — flows the walks reach only by finishing what they
  /// started.
  static let showcaseMutants = MachineRegistry.builtIn.mutants(of: "showcase").map { ($0.name, "showcase") }

  private func explore(_ machine: String, against reference: String, runs: Int = ExploreOptions.defaultRuns)
    throws -> ExploreOutcome
  {
    let registry = MachineRegistry.builtIn
    let descriptor = try #require(registry.descriptor(named: machine))
    var options = ExploreOptions(machine: machine, seed: 1, runs: runs)
    options.against = reference
    return Explorer(machine: descriptor, options: options, reference: registry.descriptor(named: reference))
      .explore()
  }

  @Test(arguments: displayMutants + showcaseMutants)
  func findsEachDisplayBugAndWritesAScenarioThatPassesOnTheReferenceOnly(
    _ machine: String, _ reference: String
  )
    throws
  {
    let finding = try #require(try explore(machine, against: reference).finding)
    #expect(finding.invariant == "against \(reference)")
    #expect(finding.minimalLength <= 6)
    #expect(
      finding.scenario.reproduces
        == "against \(reference), authflow explore --machine \(machine) --seed 1 --against \(reference)")
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(
      yaml: finding.yaml, file: "finding.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let scenario = try #require(loaded.scenarios.first)
    let onReference = RunConfiguration(machine: reference).run(scenario)
    #expect(onReference.status == .passed, "\(finding.yaml)")
    let onMutant = RunConfiguration(machine: machine).run(scenario)
    #expect(onMutant.status == .failed, "\(finding.yaml)")
    #expect(onMutant.failure?.step == scenario.steps.count, "it fails at its last step")
  }

  /// Two apps that name their screens differently (authkit's `signIn`, firebaseui's `picker`) compare what both
  /// can show: the scenario written checks no screen and no `ui` value the explored machine lacks, so it passes
  /// the machine checks `lint` makes, and it still passes on the reference.
  @Test func aReferenceWithOtherScreensIsComparedOnWhatBothShow() throws {
    let finding = try #require(try explore("authkit", against: "firebaseui", runs: 200).finding)
    #expect(!finding.yaml.contains("screen:"), "\(finding.yaml)")
    #expect(!finding.yaml.contains("greeting"), "\(finding.yaml)")
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(
      yaml: finding.yaml, file: "finding.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    #expect(RunConfiguration().machineProblems(in: loaded.scenarios).isEmpty, "\(finding.yaml)")
    let scenario = try #require(loaded.scenarios.first)
    #expect(RunConfiguration(machine: "firebaseui").run(scenario).status == .passed, "\(finding.yaml)")
    #expect(RunConfiguration(machine: "authkit").run(scenario).status == .failed, "\(finding.yaml)")
  }

  @Test func aMachineAgreesWithItself() throws {
    let outcome = try explore("showcase", against: "showcase")
    #expect(outcome.finding == nil)
    #expect(outcome.walks == ExploreOptions.defaultRuns)
  }

  /// Two `exec:` adapters (here the same reference adapter twice, as two builds of one app would be) explore one
  /// against the other through the command, each started by its handshake.
  @Test func twoAdaptersExploreOneAgainstTheOther() throws {
    let adapter =
      "exec:python3 '\(Repository.root.appendingPathComponent("Adapters/python/showcase_adapter.py").path)'"
    let printed = Printed()
    let io = CommandIO(out: { printed.append($0) }, err: { printed.append($0) })
    var request = Commands.ExploreRequest(machine: adapter, seed: 1, runs: 3, depth: 5, out: "/tmp/unused")
    request.against = adapter
    #expect(Commands.explore(request, io: io) == .success, "\(printed.value)")
    #expect(printed.value.contains("nothing differed from \(adapter)"), "\(printed.value)")
  }
}
