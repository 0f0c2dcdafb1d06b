import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `paper` played through inline scenarios: what a user of the buttonless login screen would see.
@Suite("paper machine")
struct PaperMachineTests {
  @Test func typingNextAndGoSignsIn() throws {
    let result = try play(
      """
      scenario: next then go
      machine: paper
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse" }
      steps:
        - expect: { state: signedOut, screen: login, ui: { focus: username, go_enabled: false, username: "" } }
        - type: { username: alice@example.com }
          expect: { ui: { focus: username, username: alice@example.com, go_enabled: false } }
        - tap: next
          expect: { state: signedOut, ui: { focus: password } }
        - type: { password: "correct-horse" }
          expect: { ui: { go_enabled: true } }
        - tap: go
          expect: { state: signedIn, screen: home, error: none, user: { email: alice@example.com } }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func goWithAnEmptyFieldShowsNothingAndLeavesAnInjectedFailureUnused() throws {
    let result = try play(
      """
      scenario: go disabled
      machine: paper
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse" }
      steps:
        - fail_next: { operation: signInWithPassword, error: too-many-requests }
        - type: { username: alice@example.com }
        - tap: go
          expect: { state: signedOut, screen: login, error: none, ui: { go_enabled: false } }
        - type: { username: "", password: "correct-horse" }
        - tap: go
          expect: { state: signedOut, error: none, ui: { go_enabled: false } }
        - sign_in: { email: alice@example.com, password: "correct-horse" }
          expect: { state: signedOut, error: too-many-requests }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func aWrongPasswordShowsTheErrorAndKeepsTheForm() throws {
    let result = try play(
      """
      scenario: wrong password
      machine: paper
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse" }
      steps:
        - sign_in: { email: alice@example.com, password: "wrong-horse" }
          expect:
            state: signedOut
            screen: login
            error: invalid-credential
            ui: { username: alice@example.com, focus: password, go_enabled: true }
        - type: { password: "correct-horse" }
          expect: { error: none }
        - tap: go
          expect: { state: signedIn, screen: home }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func signingOutReturnsToAnEmptyForm() throws {
    let result = try play(
      """
      scenario: sign out
      machine: paper
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse" }
      steps:
        - sign_in: { email: alice@example.com, password: "correct-horse" }
        - sign_out:
          expect:
            state: signedOut
            screen: login
            user: none
            ui: { username: "", focus: username, go_enabled: false }
      """)
    #expect(result.status == .passed, result.explanation)
    // An empty value is written as YAML writes it, not as a line that ends in a blank.
    #expect(result.transcript.map(\.text).contains("✓ ui.username is \"\""))
  }

  @Test func theAppFollowsTheClientsOwnSignOutWithTheError() throws {
    let result = try play(
      """
      scenario: session end
      machine: paper
      given:
        accounts:
          - { email: noah@example.com, password: "correct-horse", email_verified: false }
        signed_in: { phone: noah@example.com }
      steps:
        - expect: { state: signedIn, screen: home }
        - admin: { revoke_sessions: noah@example.com }
        - wait: 55m
        - expect: { state: signedOut, screen: login, error: user-token-expired, ui: { go_enabled: false } }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test(arguments: [
    "tap: submit", "type: { email: alice@example.com }",
    "sign_up: { email: a@example.com, password: \"Str0ng-pass\" }",
  ])
  func whatTheScreenDoesNotHaveIsAnError(step: String) throws {
    let result = try play(
      """
      scenario: unsupported
      machine: paper
      steps:
        - \(step)
      """)
    #expect(result.status == .errored, result.explanation)
    #expect(result.failure?.message.contains("machine 'paper'") == true)
  }

  /// Each mutant's bug, and a scenario a user would write about it: it passes on paper and fails there.
  static let mutants: [(mutant: String, key: String, yaml: String)] = [
    (
      "paper~go-enabled-when-empty", "error",
      """
      scenario: go with an empty password sends nothing
      machine: paper
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse" }
      steps:
        - type: { username: alice@example.com }
        - tap: go
          expect: { error: none, state: signedOut }
      """
    ),
    (
      "paper~next-submits", "ui.focus",
      """
      scenario: next moves to the password field
      machine: paper
      steps:
        - type: { username: alice@example.com }
        - tap: next
          expect: { ui: { focus: password } }
      """
    ),
    (
      "paper~sign-out-keeps-fields", "ui.username",
      """
      scenario: sign-out empties the form
      machine: paper
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse" }
      steps:
        - sign_in: { email: alice@example.com, password: "correct-horse" }
        - sign_out:
          expect: { ui: { username: "" } }
      """
    ),
  ]

  @Test(arguments: mutants)
  func eachMutantFailsTheScenarioDescribingItsBug(mutant: String, key: String, yaml: String) throws {
    let healthy = try play(yaml)
    #expect(healthy.status == .passed, healthy.explanation)
    let broken = try play(yaml, machine: mutant)
    #expect(broken.status == .failed, broken.explanation)
    #expect(broken.failure?.key == key)
  }

  @Test func theMachinesListingShowsPaperWithItsKeysFieldsAndEveryMutant() {
    let listing = Commands.machineListing(.builtIn)
    #expect(listing.contains("  tap: next, go\n  type: username, password\n  screens: login, home"))
    #expect(MachineRegistry.builtIn.mutants(of: "paper").map(\.name) == Self.mutants.map(\.mutant))
    let lines = listing.split(separator: "\n")
    for mutant in MachineRegistry.builtIn.mutants(of: "paper") {
      #expect(lines.contains { $0.hasPrefix("    \(mutant.name) ") && $0.hasSuffix("  \(mutant.summary)") })
    }
  }
}
