import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `strict: true`: every email sent and every error shown is checked before the next action.
@Suite("strict mode")
struct StrictModeTests {
  @Test func anEmailNoExpectationCheckedFailsTheNextActionNamingIt() throws {
    let result = try play(
      """
      scenario: unchecked email
      strict: true
      steps:
        - sign_up: { email: Carol@example.com, password: "Str0ng-pass" }
        - expect: { state: signedInUnverified }
        - wait: 1m
      """)
    #expect(result.status == .failed)
    #expect(result.failure?.key == "unchecked")
    #expect(result.failure?.step == 3)
    #expect(
      result.failure?.message.hasPrefix(
        "step 3: unchecked: verify_email email to carol@example.com (sent at step 1)") == true)
    #expect(result.stepStatuses == [.passed, .passed, .failed])
  }

  @Test func aMailExpectationChecksTheEmailsOfItsKindToItsAddressWhateverItsCase() throws {
    expectPassed(
      try play(
        """
        scenario: checked emails
        strict: true
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          - expect: { mail: { to: Carol@Example.com, kind: verify_email } }
          - resend_verification:
            expect: { mail: { to: CAROL@example.com, kind: verify_email, count: 2 } }
          - sign_out
        """))
  }

  /// An SMS code is a message the backend sends, as an email is: an `sms` expectation checks the messages to its
  /// number sent so far.
  @Test func anSMSNoExpectationCheckedFailsTheNextActionNamingIt() throws {
    let steps = """
      scenario: unchecked SMS
      machine: showcase
      strict: true
      steps:
        - sign_in_with_phone: "+15555550100"
      CHECK
        - enter_code
        - expect: { state: signedIn }
      """
    let unchecked = try play(steps.replacing("CHECK", with: ""))
    #expect(unchecked.failure?.step == 2)
    #expect(unchecked.failure?.actual == "SMS to +15555550100 (sent at step 1)")
    expectPassed(
      try play(steps.replacing("CHECK", with: "    expect: { sms: { to: \"+15555550100\", count: 1 } }")))
  }

  @Test func theSameErrorShownAgainIsANewOneToCheck() throws {
    let result = try play(
      """
      scenario: wrong password twice
      strict: true
      given:
        accounts: [{ email: ana@example.com, password: "correct-horse" }]
      steps:
        - sign_in: { email: ana@example.com, password: "nope-nope" }
          expect: { error: invalid-credential }
        - sign_in: { email: ana@example.com, password: "nope-nope" }
        - sign_in: { email: ana@example.com, password: "correct-horse" }
      """)
    #expect(result.failure?.step == 3)
    #expect(result.failure?.actual == "error invalid-credential on phone (shown at step 2)")
  }

  @Test func anErrorAnotherDeviceShowsDuringAWaitMustBeCheckedOnThatDevice() throws {
    let yaml = """
      scenario: revoked on the laptop
      strict: true
      devices: [phone, laptop]
      given:
        accounts: [{ email: ana@example.com, password: "correct-horse", email_verified: true }]
        signed_in: { laptop: ana@example.com }
      steps:
        - admin: { revoke_sessions: ana@example.com }
        - wait: 1h
        CHECK
        - wait: 1m
      """
    // Checking the default device (the phone) does not check the laptop's error.
    let unchecked = try play(yaml.replacing("CHECK", with: "- expect: { error: none }"))
    #expect(unchecked.failure?.step == 4)
    #expect(unchecked.failure?.actual == "error user-token-expired on laptop (shown at step 2)")
    expectPassed(
      try play(yaml.replacing("CHECK", with: "- expect: { error: user-token-expired }\n    device: laptop")))
  }

  @Test func whatIsUncheckedAfterTheLastStepFailsTheScenario() throws {
    let result = try play(
      """
      scenario: ends with an unchecked email
      strict: true
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          expect: { state: signedInUnverified }
      """)
    #expect(result.status == .failed)
    #expect(result.failure?.step == 1)
    #expect(
      result.failure?.message.hasPrefix("after the last step (1): unchecked: verify_email email") == true)
    #expect(result.stepStatuses == [.failed])
  }

  @Test func withoutStrictNothingIsRequired() throws {
    expectPassed(
      try play(
        """
        scenario: relaxed
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng-pass" }
          - sign_in: { email: carol@example.com, password: "x" }
        """))
  }

  @Test func strictIsABoolean() throws {
    let loaded = ScenarioLoader().load(
      yaml: """
        scenario: x
        strict: yes
        steps: [launch]
        """, file: "x.yaml")
    #expect(
      loaded.diagnostics.map(\.description).contains {
        $0.hasPrefix("x.yaml:2:9: error:") && $0.contains("strict")
      })
    #expect(try loadScenario("scenario: x\nstrict: true\nsteps: [launch]").strict)
    #expect(try !loadScenario("scenario: x\nsteps: [launch]").strict)
  }
}
