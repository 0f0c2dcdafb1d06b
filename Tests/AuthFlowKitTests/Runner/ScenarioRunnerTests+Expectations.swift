import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `fail_next`, `network`, and the expectation keys that read the world (SPEC 2.3, 2.4).
extension ScenarioRunnerTests {
  /// Alice's verified account; phone and laptop start signed out.
  static let twoDevices = """
    devices: [phone, laptop]
    given:
      accounts:
        - { email: alice@example.com, password: correct-horse, email_verified: true }
    """

  /// The failure of a scenario expected to fail at its last step.
  private func failure(
    _ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Failure {
    let result = try play(yaml, sourceLocation: sourceLocation)
    #expect(result.status == .failed, result.explanation, sourceLocation: sourceLocation)
    return try #require(result.failure, sourceLocation: sourceLocation)
  }

  // MARK: - fail_next and network

  @Test func networkAndFailNextMayNameTheirDeviceInside() throws {
    expectPassed(
      try play(
        """
        scenario: device inside the argument
        \(Self.twoDevices)
        steps:
          - network: { online: false, device: laptop }
          - fail_next: { operation: signInWithPassword, error: too-many-requests, device: phone }
          - sign_in: { email: alice@example.com, password: correct-horse }
            device: laptop
            expect: { error: network-request-failed }
          - sign_in: { email: alice@example.com, password: correct-horse }
            expect: { error: too-many-requests }
          - sign_in: { email: alice@example.com, password: correct-horse }
            expect: { state: signedIn, error: none }
        """))
  }

  @Test func failNextWithoutADeviceHitsTheNextMatchingCallFromAnyDeviceOnce() throws {
    expectPassed(
      try play(
        """
        scenario: fail_next, any device
        \(Self.twoDevices)
        steps:
          - fail_next: { operation: signInWithPassword, error: network-request-failed }
          - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
            expect: { state: signedInUnverified }
          - sign_in: { email: alice@example.com, password: correct-horse }
            device: laptop
            expect: { state: signedOut, error: network-request-failed }
          - sign_in: { email: alice@example.com, password: correct-horse }
            device: laptop
            expect: { state: signedIn, error: none }
        """))
  }

  @Test func failNextWithADeviceHitsOnlyThatDevice() throws {
    expectPassed(
      try play(
        """
        scenario: fail_next, one device
        \(Self.twoDevices)
        steps:
          - fail_next: { operation: signInWithPassword, error: too-many-requests }
            device: laptop
          - sign_in: { email: alice@example.com, password: correct-horse }
            expect: { state: signedIn, error: none }
          - sign_in: { email: alice@example.com, password: correct-horse }
            device: laptop
            expect: { state: signedOut, error: too-many-requests }
        """))
  }

  @Test func failNextWithoutADeviceAlsoHitsTheBrowserButWithADeviceDoesNot() throws {
    expectPassed(
      try play(
        """
        scenario: fail_next and links
        steps:
          - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          - fail_next: { operation: applyOobCode, error: invalid-action-code }
            device: phone
          - follow_link: { mail: verify_email, to: carol@example.com }
            expect: { link_error: none, account: { email: carol@example.com, email_verified: true } }
          - resend_verification
          - fail_next: { operation: applyOobCode, error: expired-action-code }
          - follow_link: { mail: verify_email, to: carol@example.com }
            expect: { link_error: expired-action-code }
        """))
  }

  @Test func anOfflineDevicesCallsFailButOtherDevicesAndTheBrowserAreOnline() throws {
    let result = try play(
      """
      scenario: Offline
      \(Self.twoDevices)
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          device: laptop
        - network: { online: false }
        - sign_in: { email: alice@example.com, password: correct-horse }
          expect: { state: signedOut, error: network-request-failed }
        - follow_link: { mail: verify_email, to: carol@example.com }
          expect: { link_error: none, account: { email: carol@example.com, email_verified: true } }
        - refresh:
          device: laptop
          expect: { state: signedIn, error: none }
        - network: { online: true }
        - sign_in: { email: alice@example.com, password: correct-horse }
          expect: { state: signedIn, error: none }
      """)
    expectPassed(result)
    #expect(
      result.entries("phone", containing: "signInWithPassword(alice@example.com, ‹password 1›) → ").map(
        \.text)
        == [
          "signInWithPassword(alice@example.com, ‹password 1›) → network-request-failed (offline)",
          "signInWithPassword(alice@example.com, ‹password 1›) → ok",
        ])
  }

  // MARK: - Expectations on the world

  @Test func signedInDevicesComparesAsASetAndCountsAGatedDevice() throws {
    let steps = """
      scenario: Devices
      devices: [phone, laptop, tablet]
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { laptop: alice@example.com }
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          expect: { state: signedInUnverified, signed_in_devices: [laptop, phone] }
      """
    expectPassed(try play(steps))
    expectPassed(try play(steps.replacing("[laptop, phone]", with: "[phone, laptop]")))
    let failure = try failure(steps.replacing("[laptop, phone]", with: "[laptop]"))
    #expect(failure.key == "signed_in_devices")
    #expect(failure.expected == "[laptop]")
    #expect(failure.actual == "[laptop, phone]")
  }

  /// Carol signs up and resends at once: two verification emails; then `mail` is checked.
  private func mailScenario(_ mail: String) -> String {
    """
    scenario: Mail
    steps:
      - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
      - resend_verification
      - expect: { mail: \(mail) }
    """
  }

  @Test func mailCountsEmailsOfOneKindToOneAddress() throws {
    expectPassed(try play(mailScenario("{ to: Carol@Example.com, kind: verify_email }")))
    expectPassed(try play(mailScenario("{ to: carol@example.com, kind: verify_email, count: 2 }")))
    expectPassed(try play(mailScenario("{ to: carol@example.com, kind: password_reset, count: 0 }")))
    expectPassed(try play(mailScenario("{ to: dave@example.com, kind: verify_email, count: 0 }")))
    let tooMany = try failure(mailScenario("{ to: carol@example.com, kind: verify_email, count: 3 }"))
    #expect(tooMany.key == "mail")
    #expect(tooMany.expected == "3 verify_email email(s) to carol@example.com")
    #expect(tooMany.actual == "2")
    let none = try failure(mailScenario("{ to: carol@example.com, kind: password_reset }"))
    #expect(none.expected == "at least 1 password_reset email(s) to carol@example.com")
    #expect(none.actual == "0")
  }

  @Test func accountChecksWhetherTheAccountExists() throws {
    let steps = """
      scenario: Account
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
        - expect: { account: { email: ACCOUNT } }
      """
    expectPassed(try play(steps.replacing("ACCOUNT }", with: "dave@example.com, exists: false }")))
    expectPassed(try play(steps.replacing("ACCOUNT }", with: "Carol@Example.com, exists: true }")))
    let exists = try failure(steps.replacing("ACCOUNT }", with: "carol@example.com, exists: false }"))
    #expect(exists.key == "account")
    #expect(exists.expected == "no account carol@example.com")
    #expect(exists.actual == "account carol@example.com exists")
    let missing = try failure(steps.replacing("ACCOUNT }", with: "dave@example.com }"))
    #expect(missing.actual == "no account dave@example.com")
    let signedOut = try failure(
      """
      scenario: Signed out
      steps:
        - expect: { account: { device: phone } }
      """)
    #expect(signedOut.expected == "{device: phone}")
    #expect(signedOut.actual == "no account for device phone")
  }

  @Test func userNoneHoldsOnlyWhenTheClientHasNoUser() throws {
    let steps = """
      scenario: User
      \(Self.aliceAccount)
      steps:
        - expect: { user: none }
        - sign_in: { email: alice@example.com, password: correct-horse }
        - expect: { user: none }
      """
    let failure = try failure(steps)
    #expect(failure.step == 3)
    #expect(failure.key == "user")
    #expect(failure.expected == "none")
    #expect(failure.actual.map { $0.contains("email: alice@example.com") } == true, "\(failure.actual ?? "")")
  }

  @Test func linkErrorShowsTheLastLinkPagesError() throws {
    expectPassed(
      try play(
        """
        scenario: Link errors
        steps:
          - expect: { link_error: none }
          - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
          - wait: 3d
          - follow_link: { mail: verify_email, to: carol@example.com }
            expect: { link_error: none, account: { email: carol@example.com, email_verified: true } }
          - follow_link: { mail: verify_email, to: carol@example.com }
            expect: { link_error: invalid-action-code }
          - sign_out
          - forgot_password: carol@example.com
          - wait: 1h1s
          - follow_link: { mail: password_reset, to: carol@example.com }
            expect: { link_error: auth/expired-action-code }
        """))
    let failure = try failure(
      """
      scenario: Link error expected
      steps:
        - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
        - follow_link: { mail: verify_email, to: carol@example.com }
          expect: { link_error: invalid-action-code }
      """)
    #expect(failure.key == "link_error")
    #expect(failure.expected == "invalid-action-code")
    #expect(failure.actual == "none")
  }

  @Test(arguments: ["60", "\"60\""])
  func uiValuesCompareAsText(written: String) throws {
    let steps = """
      scenario: UI
      given:
        accounts:
          - { email: mia@example.com, password: correct-horse }
        signed_in: { phone: mia@example.com }
      steps:
        - resend_verification
        - expect: { ui: { resend_seconds_left: VALUE } }
      """
    expectPassed(try play(steps.replacing("VALUE", with: written)))
    let wrong = try failure(steps.replacing("VALUE", with: "59"))
    #expect(wrong.key == "ui.resend_seconds_left")
    #expect(wrong.expected == "59")
    #expect(wrong.actual == "60")
  }

  @Test(arguments: ["false", "\"false\""])
  func booleanUIValuesCompareAsText(written: String) throws {
    let steps = """
      scenario: Boolean UI
      steps:
        - expect: { ui: { go_enabled: VALUE } }
      """
    expectPassed(try play(steps.replacing("VALUE", with: written), machine: "form", registry: Self.registry))
    let wrong = try play(steps.replacing("VALUE", with: "true"), machine: "form", registry: Self.registry)
    #expect(wrong.failure?.expected == "true")
    #expect(wrong.failure?.actual == "false")
  }

  @Test func aScreenTheMachineDoesNotHaveGetsADidYouMean() throws {
    let failure = try failure(
      """
      scenario: Screen typo
      steps:
        - expect: { screen: singIn }
      """)
    #expect(
      failure.message
        == "step 1: screen: expected singIn, found signIn (authkit has no screen 'singIn'; did you mean 'signIn'?)"
    )
  }

  @Test func aUIValueTheAppDoesNotShowIsReportedAsNotShown() throws {
    let failure = try failure(
      """
      scenario: UI not shown
      steps:
        - expect: { ui: { email: alice@example.com } }
      """)
    #expect(failure.key == "ui.email")
    #expect(failure.actual == "(not shown)")
    #expect(failure.message == "step 1: ui.email: expected alice@example.com, found (not shown)")
  }

  /// A `ui` name the machine does not declare (`run` plays what `lint` would refuse) gets a did-you-mean, as a
  /// screen does.
  @Test func aUIValueTheMachineDoesNotNameGetsADidYouMean() throws {
    let failure = try failure(
      """
      scenario: UI typo
      steps:
        - expect: { ui: { resend_secs_left: "0" } }
      """)
    #expect(
      failure.message
        == "step 1: ui.resend_secs_left: expected 0, found (not shown) (authkit shows no ui value 'resend_secs_left'; "
        + "did you mean 'resend_seconds_left'?)")
  }
}
