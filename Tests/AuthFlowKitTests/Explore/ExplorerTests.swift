import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authflow explore` on authkit's mutants, through the library.
@Suite("explore")
struct ExplorerTests {
  static let mutants = [
    ("authkit~no-foreground-refresh", "foreground-reloads-user"),
    ("authkit~unverified-is-signed-in", "verify-email-gate"),
    ("authkit~delete-without-reauth", "delete-only-after-reauthentication"),
    ("authkit~resend-without-countdown", "resend-countdown"),
    ("authkit~drops-pending-credential", "pending-credential-linked"),
    ("authkit~refresh-reads-cache", "refresh-reloads-user"),
    ("authkit~no-auth-listener", "app-follows-session"),
  ]

  func explore(_ machine: String, seed: UInt64 = 1, runs: Int = ExploreOptions.defaultRuns) throws
    -> ExploreOutcome
  {
    let descriptor = try #require(MachineRegistry.builtIn.descriptor(named: machine))
    return Explorer(machine: descriptor, options: ExploreOptions(machine: machine, seed: seed, runs: runs))
      .explore()
  }

  @Test(arguments: mutants)
  func findsEachMutantsBugWithinTenThousandStepsAndWritesAScenarioThatPinsIt(
    _ machine: String, _ invariant: String
  ) throws {
    let outcome = try explore(machine)
    let finding = try #require(outcome.finding)
    #expect(finding.invariant == invariant)
    #expect(finding.stepsToFind <= 10_000)
    #expect(finding.minimalLength <= 4)
    #expect(
      finding.scenario.reproduces == "invariant \(invariant), authflow explore --machine \(machine) --seed 1")

    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(
      yaml: finding.yaml, file: "found.yaml")
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)\n\(finding.yaml)")
    let scenario = try #require(loaded.scenarios.first)
    #expect(scenario.machine?.value == MachineReference(machine))
    let onMutant = RunConfiguration().run(scenario)
    #expect(onMutant.status == .failed)
    #expect(onMutant.failure?.violation?.invariant == invariant, onMutant.explanation)
    #expect(onMutant.failure?.step == finding.minimalLength)
    expectPassed(RunConfiguration(machine: "authkit").run(scenario))
  }

  /// `reproduces:` names the command that knows the machine (a team's own build of authflow) and the flags that
  /// change the walks or what counts as hung, each quoted as a shell reads it back.
  @Test func theCommandThatReachesAFindingAgainIsTheOneThatRan() {
    var options = ExploreOptions(machine: "myapp~no refresh", seed: 3, runs: 20)
    #expect(options.commandLine == "authflow explore --machine 'myapp~no refresh' --seed 3 --runs 20")
    options.program = "myapp-authflow"
    options.stepTimeout = .milliseconds(2500)
    #expect(
      options.commandLine
        == "myapp-authflow explore --machine 'myapp~no refresh' --seed 3 --runs 20 --step-timeout 2500ms")
  }

  @Test func theSameSeedWritesTheSameScenarioAndAnotherSeedWalksElsewhere() throws {
    let first = try #require(try explore("authkit~no-auth-listener", seed: 3).finding)
    let second = try #require(try explore("authkit~no-auth-listener", seed: 3).finding)
    #expect(first.yaml == second.yaml)
    #expect(first.stepsToFind == second.stepsToFind)
    let other = try #require(try explore("authkit~no-auth-listener", seed: 4).finding)
    #expect(other.stepsToFind != first.stepsToFind)
  }

  @Test func authkitItselfBreaksNoInvariantInTenThousandSteps() throws {
    let outcome = try explore("authkit", seed: 1)
    #expect(outcome.finding == nil)
    #expect(outcome.steps == 10_000)
    #expect(outcome.interrupted == 0, "\(outcome.firstInterruption ?? "")")
  }

  @Test func aGivenWorldReplacesTheDefaultOne() throws {
    let given = try loadScenario(
      """
      scenario: world
      given:
        accounts:
          - { email: solo@example.com, password: "solo-pass", email_verified: true }
        signed_in: { phone: solo@example.com }
      steps:
        - expect: { state: signedIn }
      """)
    let descriptor = try #require(MachineRegistry.builtIn.descriptor(named: "authkit~delete-without-reauth"))
    let options = ExploreOptions(machine: descriptor.name, seed: 1, given: given)
    let finding = try #require(Explorer(machine: descriptor, options: options).explore().finding)
    #expect(finding.scenario.given.accounts.map(\.email) == ["solo@example.com"])
    #expect(finding.scenario.devices == ["phone"])
    #expect(finding.scenario.reproduces?.hasSuffix("--given test.yaml") == true)
  }

  /// Docs/Exploring.md's worked example: explored from the world of the user's report, the buggy build is caught
  /// by the report's own story (Apple takes the account over on the iPad; the phone comes back) in two steps.
  @Test func theWorkedExampleFindsTheReportsStory() throws {
    let file = Repository.root.appendingPathComponent("Docs/worked-example/report-412.yaml").path
    let loaded = ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(paths: [file])
    let given = try #require(loaded.scenarios.first)
    let descriptor = try #require(MachineRegistry.builtIn.descriptor(named: "authkit~no-foreground-refresh"))
    let options = ExploreOptions(machine: descriptor.name, seed: 9, given: given)
    let finding = try #require(Explorer(machine: descriptor, options: options).explore().finding)
    #expect(finding.invariant == "foreground-reloads-user")
    let steps = finding.scenario.steps
    #expect(steps.compactMap(\.action?.kind) == [.signInWith, .foreground], "\(finding.yaml)")
    #expect(steps.first?.device == "ipad", "\(finding.yaml)")
  }

  @Test func shrinkingKeepsOnlyWhatBreaksTheInvariant() throws {
    let finding = try #require(try explore("authkit~resend-without-countdown").finding)
    // An unverified user (signed up or signed in) taps resend twice: two steps, the resend last.
    let kinds = finding.scenario.steps.compactMap(\.action?.kind)
    #expect(kinds.count == 2 && kinds.last == .resendVerification, "\(finding.yaml)")
    #expect(finding.scenario.steps.last?.expectations.isEmpty == true)
    // Only the account the walk signs in to is kept, and only the device it ran on.
    let named = finding.scenario.steps.compactMap { step -> String? in
      if case .signIn(let email, _) = step.action { return email }
      return nil
    }
    #expect(finding.scenario.given.accounts.compactMap(\.email) == named, "\(finding.yaml)")
    #expect(finding.scenario.devices == ["phone"])
  }
}
