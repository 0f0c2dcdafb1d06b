import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Each invariant fails a scenario that breaks it (on the mutant whose bug it catches, or on a small test
/// machine) at the breaking step, and holds for the same scenario on the correct machine.
@Suite("invariants")
struct InvariantTests {
  /// A scenario that breaks `invariant` on `broken` and passes on `correct`.
  struct Case: CustomTestStringConvertible, Sendable {
    var invariant: String
    var broken: String
    var correct = "authkit"
    var step: Int
    var message: String
    var yaml: String
    var testDescription: String { "\(invariant) on \(broken)" }
  }

  static let cases: [Case] = [
    Case(
      invariant: "verify-email-gate", broken: "authkit~unverified-is-signed-in", step: 1,
      message: "phone shows signedIn on home for carol@example.com, whose password account is unverified",
      yaml: """
        scenario: sign up
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
        """),
    Case(
      invariant: "foreground-reloads-user", broken: "authkit~no-foreground-refresh", step: 3,
      message: "after foreground, phone's cached user carol@example.com is stale: email_verified false, "
        + "the backend says true",
      yaml: """
        scenario: verify then foreground
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          - follow_link: { mail: verify_email, to: carol@example.com }
          - foreground
        """),
    Case(
      invariant: "refresh-reloads-user", broken: "authkit~refresh-reads-cache", step: 3,
      message: "after refresh, phone's cached user carol@example.com is stale: email_verified false",
      yaml: """
        scenario: verify then refresh
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          - follow_link: { mail: verify_email, to: carol@example.com }
          - refresh
        """),
    Case(
      invariant: "resend-countdown", broken: "authkit~resend-without-countdown", step: 2,
      message: "resend sent a verify_email email to carol@example.com but the countdown shows 0, not 60",
      yaml: """
        scenario: resend
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          - resend_verification
        """),
    Case(
      invariant: "delete-only-after-reauthentication", broken: "authkit~delete-without-reauth", step: 1,
      message: "phone deleted the account ana@example.com on 'delete_account' from home",
      yaml: """
        scenario: delete
        given:
          accounts:
            - { email: ana@example.com, password: "correct-horse", email_verified: true }
          signed_in: { phone: ana@example.com }
        steps:
          - delete_account
        """),
    Case(
      invariant: "pending-credential-linked", broken: "authkit~drops-pending-credential", step: 2,
      message: "phone signed in as hank@example.com with the password but left the pending apple.com "
        + "credential unlinked",
      yaml: """
        scenario: collision then password
        given:
          accounts:
            - { email: hank@example.com, password: "correct-horse", email_verified: true }
          identity_providers:
            apple.com:
              - { email: hank@example.com, email_verified: false }
        steps:
          - sign_in_with: apple.com
          - sign_in: { email: hank@example.com, password: "correct-horse" }
        """),
    Case(
      invariant: "app-follows-session", broken: "authkit~no-auth-listener", step: 2,
      message: "phone shows signedIn on home but its auth client has signed out",
      yaml: """
        scenario: revoked, noticed at the token refresh
        given:
          accounts:
            - { email: ana@example.com, password: "correct-horse", email_verified: true }
          signed_in: { phone: ana@example.com }
        steps:
          - admin: { revoke_sessions: ana@example.com }
          - wait: 1h
        """),
    Case(
      invariant: "app-follows-session", broken: "firebaseui~ignores-session-end", correct: "firebaseui",
      step: 2, message: "phone shows signedIn on home but its auth client has signed out",
      yaml: """
        scenario: disabled, noticed at the token refresh
        given:
          accounts:
            - { email: ana@example.com, password: "correct-horse" }
          signed_in: { phone: ana@example.com }
        steps:
          - admin: { disable: ana@example.com }
          - wait: 1h
        """),
    Case(
      invariant: "signed-in-account-is-live", broken: "trusting", correct: "paper", step: 2,
      message: "phone became signedIn as ana@example.com, whose account is disabled",
      yaml: """
        scenario: confirmed without asking the backend
        given:
          accounts:
            - { email: ana@example.com, password: "correct-horse" }
          signed_in: { phone: ana@example.com }
        steps:
          - admin: { disable: ana@example.com }
          - tap: confirm
        """),
  ]

  @Test(arguments: cases)
  func breaksOnTheFlawedMachineAtTheStepAndHoldsOnTheCorrectOne(_ test: Case) throws {
    let registry = TestMachines.registry
    let broken = try play(test.yaml, machine: test.broken, registry: registry)
    #expect(broken.status == .failed, broken.explanation)
    #expect(broken.failure?.violation?.invariant == test.invariant, broken.explanation)
    #expect(broken.failure?.step == test.step, broken.explanation)
    #expect(broken.failure?.violation?.message.contains(test.message) == true, broken.explanation)
    #expect(broken.entries("world", containing: "✗ invariant \(test.invariant)").count == 1)
    if test.broken != "trusting" {
      expectPassed(try play(test.yaml, machine: test.correct, registry: registry))
    }
  }

  /// The example of Docs/Exploring.md, declared on firebaseui and one of its mutants.
  @Test func aMachineDeclaresItsOwnInvariants() throws {
    let greetsByName = Invariant(
      name: "greets-by-name",
      catches: "a home screen that greets a user who has a display name by their email",
      after: [.signIn, .signInWith]
    ) { view in
      let device = view.device
      guard device.state == .signedIn, let name = device.user?.displayName, !name.isEmpty else { return nil }
      let greeting = device.ui["greeting"] ?? ""
      return greeting == name ? nil : "\(device.name) greets \(greeting), not \(name)"
    }
    var registry = MachineRegistry.builtIn
    for name in ["firebaseui", "firebaseui~greeting-ignores-display-name"] {
      var descriptor = try #require(registry.descriptor(named: name))
      descriptor.invariants = [greetsByName]
      registry.register(descriptor)
    }
    let yaml = """
      scenario: greeted by name
      backend: { email_enumeration_protection: false }
      given:
        accounts: [{ email: ana@example.com, password: "correct-horse", display_name: Ana }]
      steps:
        - sign_in: { email: ana@example.com, password: "correct-horse" }
      """
    expectPassed(try play(yaml, machine: "firebaseui", registry: registry))
    let broken = try play(yaml, machine: "firebaseui~greeting-ignores-display-name", registry: registry)
    #expect(
      broken.failure?.violation
        == InvariantViolation(invariant: "greets-by-name", message: "phone greets ana@example.com, not Ana"))
    // Rendered for the reports as before.
    #expect(broken.failure?.key == "invariant greets-by-name")
    #expect(
      broken.failure?.message == "step 1: invariant greets-by-name: phone greets ana@example.com, not Ana")
  }

  /// With several devices a failure line says which one acted, unless the invariant's message names a device.
  @Test func aViolationIsToldOnTheDeviceThatActedWhenItsMessageNamesNone() throws {
    let greetsByName = Invariant(
      name: "greets-by-name", catches: "a greeting that is not the display name", after: [.signIn]
    ) { view in
      let greeting = view.device.ui["greeting"] ?? ""
      guard let name = view.device.user?.displayName, greeting != name else { return nil }
      return view.device.name == "laptop"
        ? "the greeting is \(greeting)" : "\(view.device.name) greets \(greeting)"
    }
    var registry = MachineRegistry.builtIn
    var descriptor = try #require(registry.descriptor(named: "firebaseui~greeting-ignores-display-name"))
    descriptor.invariants = [greetsByName]
    registry.register(descriptor)
    func failure(on device: String) throws -> String? {
      try play(
        """
        scenario: greeted on the second device
        backend: { email_enumeration_protection: false }
        given:
          accounts: [{ email: ana@example.com, password: "correct-horse", display_name: Ana }]
        devices: [phone, laptop]
        steps:
          - sign_in: { email: ana@example.com, password: "correct-horse" }
            device: \(device)
        """, machine: descriptor.name, registry: registry
      ).failure?.message
    }
    #expect(
      try failure(on: "laptop")
        == "step 1 on laptop: invariant greets-by-name: the greeting is ana@example.com")
    #expect(try failure(on: "phone") == "step 1: invariant greets-by-name: phone greets ana@example.com")
  }

  @Test func aStepsOwnExpectationIsCheckedBeforeTheInvariants() throws {
    let result = try play(
      """
      scenario: expectation first
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          expect: { state: signedInUnverified }
      """, machine: "authkit~unverified-is-signed-in")
    #expect(result.failure?.key == "state")
  }

  @Test func everyBundledScenarioHoldsEveryInvariantOnItsOwnMachine() throws {
    let outcome = ScenarioCheck.run(paths: [Fixture.scenarios])
    #expect(outcome.problems.isEmpty)
    #expect(!outcome.results.isEmpty)
    for result in outcome.results { expectPassed(result) }
  }

  @Test func everyInvariantHasADistinctNameAndSaysWhatItCatches() {
    let all = Invariant.builtIn + AuthKitMachine.invariants
    #expect(Set(all.map(\.name)).count == all.count)
    for invariant in all {
      #expect(!invariant.catches.isEmpty)
      #expect(invariant.name.allSatisfy { $0.isLowercase || $0 == "-" })
    }
  }
}

extension Fixture {
  /// The bundled `Scenarios/` folder.
  static var scenarios: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios").path
  }
}
