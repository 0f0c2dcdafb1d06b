import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// authkit's shown error, its sign-outs on its own, Sign in with Apple, and the actions it does not support.
extension AuthKitMachineTests {
  // MARK: - The shown error

  /// Actions with no button on the signed-out sign-in screen: each does nothing, and still clears the error.
  @Test(arguments: [
    "refresh", "resend_verification", "cancel", "sign_out", "delete_account", "foreground", "background",
    "change_password: new-horse-1", "link_provider: google.com",
  ])
  func anErrorIsClearedByTheNextActionEvenOneThatDoesNothing(action: String) throws {
    let result = try play(
      """
      scenario: Error cleared
      given:
        identity_providers:
          google.com: [{ email: bob@gmail.com }]
      steps:
        - sign_in: { email: alice@example.com, password: wrong-horse }
          expect: { error: invalid-credential }
        - \(action)
        - expect: { state: signedOut, screen: signIn, error: none }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "error cleared").count == 1, result.explanation)
  }

  /// World actions and `expect` steps are not actions on the app: the error stays.
  @Test(arguments: [
    "wait: 10m", "admin: { disable: alice@example.com }", "network: { online: false }",
    "fail_next: { operation: signUp, error: too-many-requests }", "expect: { state: signedOut }",
    "follow_link: { mail: password_reset, to: alice@example.com }",
  ])
  func worldActionsAndExpectStepsKeepTheError(step: String) throws {
    expectPassed(
      try play(
        """
        scenario: Error kept
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse, email_verified: true }
        steps:
          - forgot_password: alice@example.com
          - sign_in: { email: alice@example.com, password: wrong-horse }
            expect: { error: invalid-credential }
          - \(step)
          - expect: { error: invalid-credential }
        """))
  }

  @Test func anActionOnAnotherDeviceKeepsTheError() throws {
    expectPassed(
      try play(
        """
        scenario: Error on one device
        devices: [phone, laptop]
        steps:
          - sign_in: { email: alice@example.com, password: wrong-horse }
            expect: { error: invalid-credential }
          - refresh:
            device: laptop
          - expect: { error: invalid-credential }
        """))
  }

  @Test func launchingAnAppThatIsAlreadyRunningClearsTheError() throws {
    let result = try play(
      """
      scenario: Launch while running
      steps:
        - sign_in: { email: alice@example.com, password: wrong-horse }
          expect: { error: invalid-credential }
        - launch
        - expect: { error: none }
      """)
    expectPassed(result)
  }

  @Test func aFailedScheduledTokenRefreshShowsItsError() throws {
    let result = try play(
      """
      scenario: Scheduled refresh fails
      \(Self.aliceSignedIn)
      steps:
        - fail_next: { operation: refreshToken, error: too-many-requests }
        - wait: 1h
        - expect: { state: signedIn, error: too-many-requests }
      """)
    #expect(result.entries("phone", containing: "refreshToken → too-many-requests").count == 1)
    expectPassed(result)
  }

  // MARK: - The client signs itself out

  @Test(arguments: [
    ("revoke_sessions", "user-token-expired"), ("disable", "user-disabled"), ("delete", "user-not-found"),
  ])
  func aReloadThatFindsTheSessionGoneSignsOutWithTheError(admin: String, error: String) throws {
    expectPassed(
      try play(
        """
        scenario: Session ended elsewhere
        \(Self.aliceSignedIn)
        steps:
          - admin: { \(admin): alice@example.com }
            expect: { state: signedIn, screen: home, error: none }
          - background
          - foreground:
            expect: { state: signedOut, screen: signIn, error: \(error), user: none, signed_in_devices: [] }
        """))
  }

  @Test func aRevokedSessionSignsOutAtTheScheduledRefreshWithoutAnyUserAction() throws {
    let result = try play(
      """
      scenario: Revoked, then wait
      \(Self.aliceSignedIn)
      steps:
        - admin: { revoke_sessions: alice@example.com }
        - wait: 1h
          expect: { state: signedOut, screen: signIn, error: user-token-expired, user: none }
      """)
    expectPassed(result)
    let signOut = try #require(result.entries("phone", containing: "session ended").first)
    #expect(signOut.time.description == "2026-01-01T00:55:00Z")
  }

  @Test func aRelaunchAfterTheSessionWasRevokedSignsOutWhenTheTokenIsRefreshed() throws {
    let result = try play(
      """
      scenario: Revoked while closed
      \(Self.aliceSignedIn)
      steps:
        - terminate
        - admin: { revoke_sessions: alice@example.com }
        - wait: 2h
        - launch:
          expect: { state: signedOut, screen: signIn, error: user-token-expired, signed_in_devices: [] }
      """)
    expectPassed(result)
    #expect(
      result.entries("phone", containing: "refreshToken → user-token-expired").first?.time.description
        == "2026-01-01T02:00:00Z")
  }

  // MARK: - Sign in with Apple

  @Test func cancellingTheAppleSheetShowsWebContextCancelled() throws {
    let result = try play(
      """
      scenario: Apple, cancelled
      given:
        identity_providers:
          apple.com: [{ email: dana@privaterelay.appleid.com, name: Dana }]
      steps:
        - sign_in_with: { provider: apple.com, outcome: cancel }
          expect:
            state: signedOut
            screen: signIn
            error: web-context-cancelled
            account: { email: dana@privaterelay.appleid.com, exists: false }
      """)
    expectPassed(result)
    #expect(
      result.entries("apple.com", containing: "sheet on phone").map(\.text) == [
        "sheet on phone: dana@privaterelay.appleid.com → cancelled"
      ])
  }

  @Test func signingInWithAppleCreatesAVerifiedAccountNamedAfterTheAppleID() throws {
    expectPassed(
      try play(
        """
        scenario: Apple, new account
        given:
          identity_providers:
            apple.com: [{ email: dana@privaterelay.appleid.com, name: Dana }]
        steps:
          - sign_in_with: apple.com
            expect:
              state: signedIn
              screen: home
              error: none
              ui: { display_name: Dana }
              account:
                { email: dana@privaterelay.appleid.com, email_verified: true, providers: [apple.com], display_name: Dana }
        """))
  }

  /// Alice has a password account; her Apple ID's email is one Apple does not vouch for, so the sign-in is not
  /// trusted and collides.
  static let appleCollision = """
    given:
      accounts:
        - { email: alice@example.com, password: correct-horse, email_verified: true }
      identity_providers:
        apple.com: [{ email: alice@example.com, name: Alice, email_verified: false }]
    """

  @Test func aCollisionKeepsTheAppleCredentialAndAPasswordSignInLinksIt() throws {
    let result = try play(
      """
      scenario: Apple collision, then password
      \(Self.appleCollision)
      steps:
        - sign_in_with: apple.com
          expect: { state: signedOut, screen: signIn, error: account-exists-with-different-credential }
        - sign_in: { email: alice@example.com, password: correct-horse }
          expect:
            state: signedIn
            screen: home
            error: none
            account: { email: alice@example.com, providers: [password, apple.com] }
            user: { providers: [password, apple.com] }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "link(apple.com, alice@example.com) → ok").count == 1)
  }

  @Test func thePendingAppleCredentialIsLostWhenTheAppIsTerminated() throws {
    expectPassed(
      try play(
        """
        scenario: Apple collision, relaunch, then password
        \(Self.appleCollision)
        steps:
          - sign_in_with: apple.com
          - terminate
          - launch
          - sign_in: { email: alice@example.com, password: correct-horse }
            expect: { state: signedIn, account: { email: alice@example.com, providers: [password] } }
        """))
  }

  // MARK: - Unsupported actions

  @Test(arguments: [
    ("tap: go", "does not support 'tap'; it supports: launch, terminate, background, foreground, sign_up"),
    ("type: { username: alice }", "does not support 'type'; it supports: launch"),
    ("sign_in_with: google.com", "does not support 'sign_in_with' with google.com; it takes: apple.com"),
    (
      "reauthenticate: { provider: google.com }",
      "does not support 'reauthenticate' with google.com; it takes: apple.com"
    ),
  ])
  func anUnsupportedActionErrorsNamingTheMachineTheActionAndWhatItSupports(step: String, message: String)
    throws
  {
    let yaml = MarkedYAML(
      """
      scenario: Unsupported
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true, providers: [google.com] }
        signed_in:
          phone: alice@example.com
      steps:
        - 1️⃣\(step)
        - expect: { state: signedIn }
      """)
    let result = try play(yaml)
    #expect(result.status == .errored, result.explanation)
    let failure = try #require(result.failure)
    #expect(failure.message.hasPrefix("step 1: machine 'authkit' \(message)"), "\(failure.message)")
    #expect(failure.location == yaml.location("1️⃣"))
    #expect(result.stepStatuses == [.errored, .skipped])
  }

  // MARK: - Mutants

  static let mutantScenarios = [
    (
      "authkit~no-foreground-refresh",
      """
      scenario: Verified in the browser while backgrounded
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
        - background
        - follow_link: { mail: verify_email, to: carol@example.com }
        - foreground:
          expect: { state: signedIn, screen: home }
      """, "state"
    ),
    (
      "authkit~unverified-is-signed-in",
      """
      scenario: A new account waits for verification
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          expect: { state: signedInUnverified, screen: verifyEmail }
      """, "state"
    ),
    (
      "authkit~delete-without-reauth",
      """
      scenario: Delete asks for the password first
      \(aliceSignedIn)
      steps:
        - delete_account:
          expect: { screen: reauthenticate, account: { email: alice@example.com, exists: true } }
      """, "screen"
    ),
  ]

  @Test(arguments: mutantScenarios)
  func eachMutantFailsTheScenarioDescribingItsBug(mutant: String, yaml: String, key: String) throws {
    expectPassed(try play(yaml, machine: "authkit"))
    let result = try play(yaml, machine: mutant)
    #expect(result.status == .failed, result.explanation)
    #expect(result.machine == mutant)
    #expect(result.failure?.key == key, result.explanation)
  }
}
