import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `firebaseui` played through inline scenarios: what a user of the provider-picker app would see.
@Suite("firebaseui machine")
struct FirebaseUIMachineTests {
  @Test func withoutProtectionTheEmailScreenSignsInExistingUsersAndCreatesNewOnes() throws {
    let result = try play(
      """
      scenario: sign in or create
      machine: firebaseui
      backend: { email_enumeration_protection: false }
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse", display_name: Alice }
      steps:
        - expect: { state: signedOut, screen: picker, error: none }
        - sign_in: { email: alice@example.com, password: "correct-horse" }
          expect: { state: signedIn, screen: home, ui: { greeting: Alice }, user: { email: alice@example.com } }
        - sign_out:
          expect: { state: signedOut, screen: picker, user: none }
        - sign_up: { email: bob@example.com, password: "Str0ng-pass", display_name: Bob }
          expect:
            state: signedIn
            screen: home
            ui: { greeting: Bob }
            account: { email: bob@example.com, providers: [password], display_name: Bob }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func underEnumerationProtectionAnExistingUserGetsEmailAlreadyInUseOnTheEmailScreen() throws {
    let result = try play(
      """
      scenario: protection breaks sign-in
      machine: firebaseui
      given:
        accounts:
          - { email: alice@example.com, password: "correct-horse", email_verified: true }
      steps:
        - sign_in: { email: alice@example.com, password: "correct-horse" }
          expect: { state: signedOut, screen: email, error: email-already-in-use, user: none }
        - sign_up: { email: alice@example.com, password: "correct-horse" }
          expect: { state: signedOut, screen: email, error: email-already-in-use }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func aGoogleOnlyAccountIsRefusedByTheEmailScreenButSignsInWithGoogle() throws {
    let result = try play(
      """
      scenario: google-only account
      machine: firebaseui
      backend: { email_enumeration_protection: false }
      given:
        accounts:
          - { email: dana@example.com, providers: [google.com], display_name: Dana }
      steps:
        - sign_in: { email: dana@example.com, password: "Str0ng-pass" }
          expect:
            state: signedOut
            screen: email
            error: email-already-in-use
            account: { email: dana@example.com, providers: [google.com] }
        - sign_in_with: google.com
          note: from the email screen the user goes back to the picker and taps Google
          expect: { state: signedIn, screen: home, error: none, ui: { greeting: Dana } }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func anUntrustedTwitterCollisionStaysOnThePickerAndIsNeverLinked() throws {
    let result = try play(
      """
      scenario: twitter collision
      machine: firebaseui
      backend: { email_enumeration_protection: false }
      given:
        accounts:
          - { email: erin@example.com, password: "correct-horse", email_verified: true }
        identity_providers:
          twitter.com:
            - { email: erin@example.com, name: Erin }
      steps:
        - sign_in_with: twitter.com
          expect: { state: signedOut, screen: picker, error: account-exists-with-different-credential }
        - sign_in: { email: erin@example.com, password: "correct-horse" }
          expect: { state: signedIn, screen: home, account: { email: erin@example.com, providers: [password] } }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func theGreetingIsTheDisplayNameElseAPasswordUsersEmailElseStranger() throws {
    let result = try play(
      """
      scenario: greetings
      machine: firebaseui
      backend: { email_enumeration_protection: false }
      given:
        accounts:
          - { email: frank@example.com, password: "correct-horse" }
        identity_providers:
          google.com:
            - { email: grace@gmail.com, name: Grace }
          twitter.com:
            - { email: henry@example.com, name: null }
      steps:
        - sign_in: { email: frank@example.com, password: "correct-horse" }
          expect: { ui: { greeting: frank@example.com } }
        - sign_out
        - sign_in_with: google.com
          expect: { ui: { greeting: Grace } }
        - sign_out
        - sign_in_with: twitter.com
          expect: { ui: { greeting: Stranger }, user: { email: henry@example.com } }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func cancelLeavesTheEmailScreenAndAClosedSheetStaysOnThePicker() throws {
    let result = try play(
      """
      scenario: cancel
      machine: firebaseui
      given:
        identity_providers:
          google.com:
            - { email: ivy@gmail.com, name: Ivy }
      steps:
        - sign_in_with: { provider: google.com, outcome: cancel }
          expect: { state: signedOut, screen: picker, error: web-context-cancelled }
        - sign_up: { email: ivy@example.com, password: "short" }
          expect: { state: signedOut, screen: email, error: weak-password }
        - cancel:
          expect: { state: signedOut, screen: picker, error: none }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func aRevokedSessionEndsAtTheScheduledTokenRefreshWithoutAnyUserAction() throws {
    let result = try play(
      """
      scenario: session end
      machine: firebaseui
      given:
        accounts:
          - { email: jack@example.com, password: "correct-horse" }
        signed_in: { phone: jack@example.com }
      steps:
        - expect: { state: signedIn, screen: home }
        - admin: { revoke_sessions: jack@example.com }
        - wait: 55m
        - expect: { state: signedOut, screen: picker, error: user-token-expired, user: none }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func anUnverifiedUserIsSignedInOnHomeAndGetsNoVerificationEmail() throws {
    let result = try play(
      """
      scenario: no gating
      machine: firebaseui
      steps:
        - sign_up: { email: kate@example.com, password: "Str0ng-pass" }
          expect:
            state: signedIn
            screen: home
            user: { email_verified: false }
            mail: { to: kate@example.com, kind: verify_email, count: 0 }
        - terminate
        - launch
        - expect: { state: signedIn, screen: home }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test func refreshReloadsTheUserButForegroundDoesNot() throws {
    let result = try play(
      """
      scenario: refresh
      machine: firebaseui
      given:
        accounts:
          - { email: liam@example.com, password: "correct-horse" }
        signed_in: { phone: liam@example.com }
      steps:
        - background
        - admin: { verify_email: liam@example.com }
        - foreground
        - expect: { user: { email_verified: false } }
        - refresh
        - expect: { state: signedIn, screen: home, user: { email_verified: true } }
      """)
    #expect(result.status == .passed, result.explanation)
  }

  @Test(arguments: [
    "forgot_password: alice@example.com",
    "sign_in_with: apple.com",
    "tap: go",
  ])
  func actionsTheAppHasNoButtonForAreErrors(step: String) throws {
    let result = try play(
      """
      scenario: unsupported
      machine: firebaseui
      given:
        identity_providers:
          apple.com:
            - { email: paul@example.com }
      steps:
        - \(step)
      """)
    #expect(result.status == .errored, result.explanation)
    #expect(result.failure?.message.contains("machine 'firebaseui' does not support") == true)
  }

  /// With several devices an errored step says which one it acted on, as a failed one does.
  @Test func anErroredStepNamesItsDeviceWhenThereAreSeveral() throws {
    let result = try play(
      """
      scenario: unsupported on the laptop
      machine: firebaseui
      devices: [phone, laptop]
      steps:
        - delete_account:
          device: laptop
      """)
    #expect(result.status == .errored, result.explanation)
    #expect(
      result.failure?.message.hasPrefix("step 1 on laptop: machine 'firebaseui' does not support") == true)
  }

  /// Each mutant's bug, and a scenario a user would write about it: it passes on firebaseui and fails there.
  static let mutants: [(mutant: String, key: String, yaml: String)] = [
    (
      "firebaseui~greeting-ignores-display-name", "ui.greeting",
      """
      scenario: a named email user is greeted by name
      machine: firebaseui
      steps:
        - sign_up: { email: bob@example.com, password: "Str0ng-pass", display_name: Bob }
          expect: { ui: { greeting: Bob } }
      """
    ),
    (
      "firebaseui~stranger-for-email-users", "ui.greeting",
      """
      scenario: an email user without a name is greeted by the email
      machine: firebaseui
      steps:
        - sign_up: { email: bob@example.com, password: "Str0ng-pass" }
          expect: { ui: { greeting: bob@example.com } }
      """
    ),
    (
      // The app-follows-session invariant catches it at the refresh, before the expectation does.
      "firebaseui~ignores-session-end", "invariant app-follows-session",
      """
      scenario: a disabled account is signed out at the next refresh
      machine: firebaseui
      given:
        accounts:
          - { email: jack@example.com, password: "correct-horse" }
        signed_in: { phone: jack@example.com }
      steps:
        - admin: { disable: jack@example.com }
        - refresh
        - expect: { state: signedOut, screen: picker, error: user-disabled }
      """
    ),
    (
      "firebaseui~sign-up-drops-display-name", "account",
      """
      scenario: sign-up saves the display name
      machine: firebaseui
      steps:
        - sign_up: { email: bob@example.com, password: "Str0ng-pass", display_name: Bob }
          expect: { account: { email: bob@example.com, display_name: Bob } }
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

  /// The bundled revocation scenario, on an app that uses FirebaseAuth alone: no token refresh runs during the
  /// waits, so the revoked session shows only when the app next calls the backend (its pull to refresh), as
  /// production's SDK has it when no other Firebase product asked for a token.
  @Test func anAppThatUsesAuthAloneFindsARevokedSessionAtItsNextCall() throws {
    var registry = MachineRegistry.builtIn
    var authOnly = try #require(registry.descriptor(named: "firebaseui"))
    authOnly.name = "firebaseui-auth-only"
    authOnly.refreshesTokensOnSchedule = false
    registry.register(authOnly)
    let scenario = """
      scenario: Revoked while open, on an app that uses Auth alone
      machine: firebaseui-auth-only
      given:
        accounts: [{ email: jack@example.com, password: "correct-horse", email_verified: true }]
        signed_in: { phone: jack@example.com }
      steps:
        - admin: { revoke_sessions: jack@example.com }
        - wait: 3h
        - expect: { state: signedIn, screen: home, error: none, signed_in_devices: [phone] }
        - refresh
        - expect: { state: signedOut, screen: picker, error: user-token-expired, signed_in_devices: [] }
      """
    let result = try play(scenario, registry: registry)
    #expect(result.status == .passed, result.explanation)
    #expect(result.entries("phone", containing: "scheduled token refresh").isEmpty)
    let scheduled = try play(scenario.replacingOccurrences(of: "-auth-only", with: ""))
    #expect(scheduled.failure?.step == 3, "with scheduled refreshes the app signs out during the wait")
  }

  @Test func theMachinesListingShowsFirebaseUIWithWhatItSupportsAndEveryMutant() throws {
    let listing = Commands.machineListing(.builtIn)
    // firebaseui has no reauthenticate: the providers line says only what the run accepts.
    #expect(
      listing.contains(
        "  sign_in_with: google.com, twitter.com\n  screens: picker, email, home\n  ui: greeting\n"))
    #expect(listing.contains("  sign_in_with / reauthenticate: apple.com\n"))
    let reauthenticate = try play(
      """
      scenario: reauthenticate on firebaseui
      machine: firebaseui
      given:
        identity_providers:
          google.com:
            - { email: ivy@gmail.com, name: Ivy }
      steps:
        - sign_in_with: google.com
        - reauthenticate: { provider: google.com }
      """)
    #expect(reauthenticate.status == .errored)
    #expect(
      reauthenticate.failure?.message.contains("machine 'firebaseui' does not support 'reauthenticate'")
        == true)
    #expect(MachineRegistry.builtIn.mutants(of: "firebaseui").map(\.name) == Self.mutants.map(\.mutant))
    let lines = listing.split(separator: "\n")
    for mutant in MachineRegistry.builtIn.mutants(of: "firebaseui") {
      #expect(lines.contains { $0.hasPrefix("    \(mutant.name) ") && $0.hasSuffix("  \(mutant.summary)") })
    }
  }
}
