import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authkit` as SPEC section 6 and Docs/Machines.md describe it, played through inline scenarios.
@Suite("authkit machine")
struct AuthKitMachineTests {
  /// Alice has a verified password account and is signed in on the phone.
  static let aliceSignedIn = """
    given:
      accounts:
        - { email: alice@example.com, password: correct-horse, email_verified: true, display_name: Alice }
      signed_in:
        phone: alice@example.com
    """

  // MARK: - Initial screens

  @Test func aSignedOutAppStartsOnSignIn() throws {
    let result = try play(
      """
      scenario: Signed out
      steps:
        - expect:
            state: signedOut
            screen: signIn
            error: none
            user: none
            signed_in_devices: []
            ui: { resend_seconds_left: 0 }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "launched: signedOut on signIn").count == 1)
  }

  @Test func aVerifiedSignedInUserStartsOnHome() throws {
    expectPassed(
      try play(
        """
        scenario: Signed in and verified
        \(Self.aliceSignedIn)
        steps:
          - expect:
              state: signedIn
              screen: home
              ui: { email: alice@example.com, display_name: Alice, resend_seconds_left: 0 }
        """))
  }

  @Test func anUnverifiedPasswordAccountIsGatedOnTheVerifyScreenAlsoAfterARelaunch() throws {
    expectPassed(
      try play(
        """
        scenario: Unverified on launch
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse }
          signed_in:
            phone: alice@example.com
        steps:
          - expect: { state: signedInUnverified, screen: verifyEmail, signed_in_devices: [phone] }
          - terminate
          - launch
          - expect: { state: signedInUnverified, screen: verifyEmail, user: { email_verified: false } }
        """))
  }

  @Test func aVerifiedUserIsOnHomeAgainAfterARelaunch() throws {
    expectPassed(
      try play(
        """
        scenario: Verified on relaunch
        \(Self.aliceSignedIn)
        steps:
          - terminate
          - launch
          - expect: { state: signedIn, screen: home, error: none }
        """))
  }

  @Test func anUnverifiedAccountWithoutAPasswordIsNotGated() throws {
    expectPassed(
      try play(
        """
        scenario: Federated, unverified
        given:
          accounts:
            - { email: tom@example.com, providers: [twitter.com] }
          signed_in:
            phone: tom@example.com
        steps:
          - expect: { state: signedIn, screen: home, user: { email_verified: false, providers: [twitter.com] } }
        """))
  }

  // MARK: - Sign-up

  @Test func signUpShowsTheVerifyScreenAndSendsExactlyOneVerificationEmail() throws {
    expectPassed(
      try play(
        """
        scenario: Sign up
        steps:
          - sign_up: { email: Carol@Example.com, password: "Str0ng!pass" }
            expect:
              state: signedInUnverified
              screen: verifyEmail
              error: none
              mail: { to: carol@example.com, kind: verify_email, count: 1 }
              user: { email: carol@example.com, email_verified: false, providers: [password] }
              account: { email: carol@example.com, email_verified: false, providers: [password] }
              signed_in_devices: [phone]
        """))
  }

  @Test func signUpsOwnEmailDoesNotStartTheResendCountdown() throws {
    expectPassed(
      try play(
        """
        scenario: Resend right after sign-up
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
            expect: { ui: { resend_seconds_left: 0 } }
          - resend_verification:
            expect: { ui: { resend_seconds_left: 60 }, mail: { to: carol@example.com, kind: verify_email, count: 2 } }
        """))
  }

  /// The nickname sign-up chose, read from the transcript's `updateProfile` call.
  private func nickname(seed: UInt64) throws -> String {
    let result = try play(
      """
      scenario: Nickname
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
      """, seed: seed)
    expectPassed(result)
    let call = try #require(result.entries("phone", containing: "updateProfile(displayName: ").first)
    let name = call.text.replacing("updateProfile(displayName: ", with: "").replacing(") → ok", with: "")
    return name
  }

  @Test func signUpSetsARandomNicknameFromTheSeededGenerator() throws {
    let first = try nickname(seed: 1)
    #expect(!first.isEmpty)
    #expect(first != "nil")
    #expect(try nickname(seed: 1) == first, "the same seed must give the same nickname")
    #expect(try nickname(seed: 2) != first, "another seed must give another nickname")

    // The nickname is what the app shows and what the backend stores.
    expectPassed(
      try play(
        """
        scenario: Nickname shown
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
            expect:
              ui: { display_name: \(first) }
              user: { display_name: \(first) }
              account: { email: carol@example.com, display_name: \(first) }
        """, seed: 1))
  }

  @Test func anExplicitDisplayNameWinsOverTheNickname() throws {
    let result = try play(
      """
      scenario: Display name
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass", display_name: Carol }
          expect:
            ui: { display_name: Carol }
            account: { email: carol@example.com, display_name: Carol }
      """)
    expectPassed(result)
    #expect(
      result.entries("phone", containing: "updateProfile(displayName: ").map(\.text) == [
        "updateProfile(displayName: Carol) → ok"
      ])
  }

  @Test(arguments: [
    ("alice@example.com", "Str0ng!pass", "email-already-in-use"),
    ("carol@example.com", "short", "weak-password"),
    ("not-an-email", "Str0ng!pass", "invalid-email"),
  ])
  func aRefusedSignUpStaysOnTheSignUpScreenWithTheError(email: String, password: String, error: String) throws
  {
    expectPassed(
      try play(
        """
        scenario: Refused sign-up
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse }
        steps:
          - sign_up: { email: "\(email)", password: "\(password)" }
            expect:
              state: signedOut
              screen: signUp
              error: \(error)
              user: none
              mail: { to: "\(email)", kind: verify_email, count: 0 }
          - cancel:
            expect: { screen: signIn, error: none }
        """))
  }

  // MARK: - Sign-in

  @Test func signInGatesOnEmailVerification() throws {
    expectPassed(
      try play(
        """
        scenario: Sign-in gating
        devices: [phone, laptop]
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse, email_verified: true }
            - { email: bob@example.com, password: battery-staple }
        steps:
          - sign_in: { email: alice@example.com, password: correct-horse }
            expect: { state: signedIn, screen: home, error: none }
          - sign_in: { email: bob@example.com, password: battery-staple }
            device: laptop
            expect: { state: signedInUnverified, screen: verifyEmail, signed_in_devices: [phone, laptop] }
        """))
  }

  @Test func aWrongPasswordStaysSignedOutWithTheError() throws {
    expectPassed(
      try play(
        """
        scenario: Wrong password
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse, email_verified: true }
        steps:
          - sign_in: { email: alice@example.com, password: wrong-horse }
            expect: { state: signedOut, screen: signIn, error: invalid-credential, user: none }
        """))
  }

  @Test func signingInWhileSignedInDoesNothing() throws {
    let result = try play(
      """
      scenario: Sign in twice
      \(Self.aliceSignedIn)
      steps:
        - sign_in: { email: bob@example.com, password: battery-staple }
          expect: { state: signedIn, screen: home, user: { email: alice@example.com }, error: none }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "signInWithPassword").isEmpty)
    #expect(result.entries("phone", containing: "nothing happens").count == 1)
  }

  // MARK: - Reload on foreground, not on launch

  @Test func comingToTheForegroundReloadsTheUser() throws {
    expectPassed(
      try play(
        """
        scenario: Verify in the background
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          - background
          - follow_link: { mail: verify_email, to: carol@example.com }
            expect: { state: signedInUnverified, user: { email_verified: false } }
          - foreground:
            expect: { state: signedIn, screen: home, user: { email_verified: true } }
        """))
  }

  @Test func foregroundReloadsEvenWhenTheAppIsAlreadyInTheForeground() throws {
    let result = try play(
      """
      scenario: Foreground twice
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
        - follow_link: { mail: verify_email, to: carol@example.com }
        - foreground:
          expect: { state: signedIn, screen: home }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "reload → ok").count == 1)
  }

  @Test func launchDoesNotReloadTheUserButRefreshDoes() throws {
    let result = try play(
      """
      scenario: Launch after verifying
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
        - terminate
        - follow_link: { mail: verify_email, to: carol@example.com }
        - launch:
          expect: { state: signedInUnverified, screen: verifyEmail, user: { email_verified: false } }
        - refresh:
          expect: { state: signedIn, screen: home, user: { email_verified: true } }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "reload").count == 1, result.explanation)
  }

  // MARK: - Resend countdown

  @Test func resendStartsASixtySecondCountdownThatCountsDownWithTheClock() throws {
    expectPassed(
      try play(
        """
        scenario: Resend countdown
        given:
          accounts:
            - { email: mia@example.com, password: correct-horse }
          signed_in:
            phone: mia@example.com
        steps:
          - expect: { ui: { resend_seconds_left: 0 } }
          - resend_verification:
            expect: { ui: { resend_seconds_left: 60 }, mail: { to: mia@example.com, kind: verify_email, count: 1 } }
          - wait: 1s
          - expect: { ui: { resend_seconds_left: 59 } }
          - wait: 58s
          - expect: { ui: { resend_seconds_left: 1 } }
          - wait: 1s
          - expect: { ui: { resend_seconds_left: 0 } }
          - resend_verification:
            expect: { ui: { resend_seconds_left: 60 }, mail: { to: mia@example.com, kind: verify_email, count: 2 } }
        """))
  }

  @Test func theCountdownKeepsRunningInTheBackgroundAndResendDoesNothingWhileItRuns() throws {
    let result = try play(
      """
      scenario: Resend while counting down
      given:
        accounts:
          - { email: mia@example.com, password: correct-horse }
        signed_in:
          phone: mia@example.com
      steps:
        - resend_verification
        - background
        - wait: 20s
        - foreground:
          expect: { ui: { resend_seconds_left: 40 } }
        - resend_verification:
          expect:
            ui: { resend_seconds_left: 40 }
            mail: { to: mia@example.com, kind: verify_email, count: 1 }
            error: none
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "sendEmailVerification").count == 1)
    #expect(
      result.entries("phone", containing: "nothing happens: resend is disabled for 40 more seconds").count
        == 1)
  }

  // MARK: - Forgot password

  @Test func forgotPasswordFromSignInSendsTheResetAndReturnsToSignIn() throws {
    expectPassed(
      try play(
        """
        scenario: Forgot password
        given:
          accounts:
            - { email: alice@example.com, password: correct-horse, email_verified: true }
        steps:
          - forgot_password: Alice@Example.com
            expect:
              state: signedOut
              screen: signIn
              error: none
              mail: { to: alice@example.com, kind: password_reset, count: 1 }
        """))
  }

  @Test func forgotPasswordForAnUnknownEmailIsSilentUnderEnumerationProtection() throws {
    expectPassed(
      try play(
        """
        scenario: Forgot password, unknown email
        steps:
          - forgot_password: nobody@example.com
            expect:
              screen: signIn
              error: none
              mail: { to: nobody@example.com, kind: password_reset, count: 0 }
        """))
  }

  @Test func aFailedResetRequestStaysOnTheForgotPasswordScreen() throws {
    expectPassed(
      try play(
        """
        scenario: Forgot password errors
        backend: { email_enumeration_protection: false }
        steps:
          - forgot_password: nobody@example.com
            expect: { screen: forgotPassword, error: user-not-found }
          - cancel:
            expect: { screen: signIn, error: none }
          - forgot_password:
            expect: { screen: forgotPassword, error: app/missing-email }
        """))
  }

  @Test func forgotPasswordOnTheReauthenticatePromptSendsTheResetAndReturnsToAccountSettings() throws {
    expectPassed(
      try play(
        """
        scenario: Forgot password while deleting
        \(Self.aliceSignedIn)
        steps:
          - delete_account
          - forgot_password:
            expect:
              state: signedIn
              screen: accountSettings
              error: none
              mail: { to: alice@example.com, kind: password_reset, count: 1 }
              account: { email: alice@example.com, exists: true }
        """))
  }

  // MARK: - Delete account

  @Test func deleteAsksToReauthenticateThenDeletesAndSignsOut() throws {
    let result = try play(
      """
      scenario: Delete
      \(Self.aliceSignedIn)
      steps:
        - delete_account:
          expect: { state: signedIn, screen: reauthenticate, account: { email: alice@example.com, exists: true } }
        - reauthenticate: { password: correct-horse }
          expect:
            state: signedOut
            screen: signIn
            error: none
            user: none
            signed_in_devices: []
            account: { email: alice@example.com, exists: false }
      """)
    expectPassed(result)
    #expect(result.entries("phone", containing: "delete → ok").count == 1)
  }

  @Test(arguments: [(true, "invalid-credential"), (false, "wrong-password")])
  func aWrongPasswordKeepsThePromptWithTheError(protection: Bool, error: String) throws {
    expectPassed(
      try play(
        """
        scenario: Wrong password on the prompt
        backend: { email_enumeration_protection: \(protection) }
        \(Self.aliceSignedIn)
        steps:
          - delete_account
          - reauthenticate: { password: wrong-horse }
            expect:
              state: signedIn
              screen: reauthenticate
              error: \(error)
              account: { email: alice@example.com, exists: true }
          - reauthenticate: { password: correct-horse }
            expect: { state: signedOut, screen: signIn, error: none, account: { email: alice@example.com, exists: false } }
        """))
  }

  @Test func cancelClosesThePromptThenAccountSettings() throws {
    expectPassed(
      try play(
        """
        scenario: Cancel deletion
        \(Self.aliceSignedIn)
        steps:
          - delete_account
          - cancel:
            expect: { state: signedIn, screen: accountSettings, account: { email: alice@example.com, exists: true } }
          - cancel:
            expect: { state: signedIn, screen: home }
          - delete_account:
            expect: { screen: reauthenticate }
        """))
  }
}
