import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The clock, determinism, redaction, and the world actions of SPEC 2.3.
extension ScenarioRunnerTests {
  /// The times, as text, of `device`'s successful token refreshes.
  private func refreshTimes(_ result: ScenarioResult, _ device: String) -> [String] {
    result.entries(device, containing: "refreshToken → ok").map(\.time.description)
  }

  // MARK: - The clock

  /// `which:` opens the N-th matching email; one past the last sent fails the step saying how many there are.
  @Test func followLinkOpensTheChosenEmail() throws {
    let result = try play(
      """
      scenario: which reset email
      given:
        accounts: [{ email: ana@example.com, password: "correct-horse", email_verified: true }]
      steps:
        - forgot_password: ana@example.com
        - forgot_password: ana@example.com
        - follow_link: { mail: password_reset, to: ana@example.com, which: 1, new_password: "first-pass" }
          expect: { link_error: none }
        - follow_link: { mail: password_reset, to: ana@example.com, which: oldest, new_password: "again-pass" }
          expect: { link_error: invalid-action-code }
        - follow_link: { mail: password_reset, to: ana@example.com, which: 3 }
      """)
    #expect(result.status == .failed)
    #expect(result.failure?.step == 5)
    #expect(
      result.failure?.message
        == "step 5: follow_link: expected the 3rd password_reset email to ana@example.com in the outbox, "
        + "found 2 such email(s)")
    #expect(result.entries("browser", containing: "confirmPasswordReset(").count == 2)
  }

  @Test func waitRefreshesForegroundTokensAtTheirDueTimesAndBackgroundOnesOnlyOnForeground() throws {
    let result = try play(
      """
      scenario: Token refresh
      devices: [phone, laptop, tablet]
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com, laptop: alice@example.com, tablet: alice@example.com }
      steps:
        - background:
          device: laptop
        - terminate:
          device: tablet
        - wait: 2h
        - foreground:
          device: laptop
        - launch:
          device: tablet
          expect: { signed_in_devices: [phone, laptop, tablet] }
      """)
    expectPassed(result)
    // Two refreshes in one wait read as one line, at the last one's time.
    #expect(refreshTimes(result, "phone") == ["2026-01-01T01:50:00Z"])
    #expect(
      result.entries("phone", containing: "refreshed its ID token").map(\.text) == [
        "refreshed its ID token 2 times, every 55m since 2026-01-01T00:55:00Z (refreshToken → ok each time)"
      ])
    #expect(refreshTimes(result, "laptop") == ["2026-01-01T02:00:00Z"])
    #expect(refreshTimes(result, "tablet") == ["2026-01-01T02:00:00Z"])
  }

  @Test func refreshesOfSeveralDevicesRunInTimeOrderDuringOneWait() throws {
    let result = try play(
      """
      scenario: Interleaved refreshes
      devices: [phone, laptop]
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com }
      steps:
        - wait: 10m
        - sign_in: { email: alice@example.com, password: correct-horse }
          device: laptop
        - wait: 2h
      """)
    expectPassed(result)
    let refreshes = result.transcript.filter { $0.text.hasPrefix("refreshed its ID token") }
    #expect(
      refreshes.map { "\($0.time) \($0.actor) \($0.text)" } == [
        "2026-01-01T01:50:00Z phone refreshed its ID token 2 times, every 55m since 2026-01-01T00:55:00Z "
          + "(refreshToken → ok each time)",
        "2026-01-01T02:00:00Z laptop refreshed its ID token 2 times, every 55m since 2026-01-01T01:05:00Z "
          + "(refreshToken → ok each time)",
      ])
    #expect(zip(result.transcript, result.transcript.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test func anOfflineDevicesScheduledRefreshWaitsUntilItIsBackOnline() throws {
    let result = try play(
      """
      scenario: Offline refresh
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com }
      steps:
        - network: { online: false }
        - wait: 1h30m
        - network: { online: true }
        - wait: 10m
      """)
    expectPassed(result)
    #expect(refreshTimes(result, "phone") == ["2026-01-01T01:30:00Z"])
  }

  @Test func aNetworkStepIsWrittenInItsDevicesLaneAndFailNextInTheBackends() throws {
    let result = try play(
      """
      scenario: Lanes
      devices: [phone, laptop]
      steps:
        - network: { online: false, device: laptop }
        - fail_next: { operation: signInWithPassword, error: internal-error, device: phone }
      """)
    expectPassed(result)
    #expect(result.entries("laptop", containing: "step 1: network").count == 1)
    #expect(result.entries("backend", containing: "step 1").isEmpty)
    #expect(result.entries("backend", containing: "step 2: fail_next").count == 1)
  }

  @Test func givenNowStartsTheClock() throws {
    let result = try play(
      """
      scenario: Clock start
      given:
        now: 2026-03-01T10:00:00+01:00
      steps:
        - wait: 1h30m
        - background
      """)
    expectPassed(result)
    #expect(result.transcript.first?.time.description == "2026-03-01T09:00:00Z")
    #expect(
      result.entries("phone", containing: "step 2: background").first?.time.description
        == "2026-03-01T10:30:00Z")
  }

  // MARK: - Determinism

  static let signUp = """
    scenario: Sign up
    steps:
      - sign_up: { email: carol@example.com, password: "Str0ng!pass" }
      - follow_link: { mail: verify_email, to: carol@example.com }
    """

  @Test func theSameSeedGivesAnIdenticalTranscriptAndAnotherSeedOtherIds() throws {
    let first = try play(Self.signUp, seed: 42)
    let again = try play(Self.signUp, seed: 42)
    let other = try play(Self.signUp, seed: 43)
    expectPassed(first)
    #expect(first.transcript == again.transcript)
    #expect(first.seed == 42)
    let created = try #require(
      first.entries("backend", containing: "account carol@example.com created").first)
    let createdOther = try #require(
      other.entries("backend", containing: "account carol@example.com created").first)
    #expect(created.text != createdOther.text, "the uid must come from the seed")
    let link = try #require(first.entries("outbox", containing: "oobCode=").first)
    let linkOther = try #require(other.entries("outbox", containing: "oobCode=").first)
    #expect(link.text != linkOther.text, "the action code must come from the seed")
  }

  @Test func theFilesSeedIsUsedUnlessTheCommandLineGivesOne() throws {
    let fromFile = try play(Self.signUp + "\nseed: 42")
    let fromCommandLine = try play(Self.signUp, seed: 42)
    let overridden = try play(Self.signUp + "\nseed: 42", seed: 43)
    #expect(fromFile.seed == 42)
    #expect(fromFile.transcript == fromCommandLine.transcript)
    #expect(overridden.seed == 43)
    #expect(overridden.transcript != fromFile.transcript)
  }

  // MARK: - Passwords

  @Test func passwordsNeverAppearAndAreNumberedByFirstAppearance() throws {
    let result = try play(
      """
      scenario: Passwords everywhere
      given:
        accounts:
          - { email: alice@example.com, password: "s3cret-one", email_verified: true }
      steps:
        - sign_in: { email: alice@example.com, password: "s3cret-two" }
        - sign_in: { email: alice@example.com, password: "s3cret-one" }
        - change_password: "s3cret-three"
        - sign_out
        - forgot_password: alice@example.com
        - follow_link: { mail: password_reset, to: alice@example.com, new_password: "s3cret-four" }
        - admin: { set_password: { email: alice@example.com, password: "s3cret-five" } }
        - sign_in: { email: alice@example.com, password: "s3cret-five" }
        - delete_account
        - reauthenticate: { password: "s3cret-five" }
        - sign_up: { email: bob@example.com, password: "s3cret-one" }
          expect: { state: signedInUnverified }
      """)
    expectPassed(result)
    let everything =
      result.transcriptText + ConsoleReporter(verbose: true).report([result])
      + JSONReporter().report([result])
    #expect(!everything.contains("s3cret"))
    let lines = result.transcript.map(\.text)
    #expect(lines.contains("account alice@example.com (verified, password ‹password 1›)"))
    #expect(lines.contains("step 1: sign_in {email: alice@example.com, password: ‹password 2›} (line 6)"))
    #expect(lines.contains("step 2: sign_in {email: alice@example.com, password: ‹password 1›} (line 7)"))
    #expect(lines.contains("step 3: change_password ‹password 3› (line 8)"))
    #expect(lines.contains { $0.contains("new_password: ‹password 4›") })
    #expect(
      lines.contains { $0.contains("set_password: {email: alice@example.com, password: ‹password 5›}") })
    #expect(lines.contains("step 10: reauthenticate {password: ‹password 5›} (line 15)"))
    #expect(lines.contains("signUp(bob@example.com, ‹password 1›) → ok"))
  }

  @Test func aTypedPasswordIsHiddenEvenWhenTheMachineRefusesTheAction() throws {
    let result = try play(
      """
      scenario: Typed password
      steps:
        - type: { username: alice@example.com, password: "s3cret-typed" }
      """)
    #expect(result.status == .errored)
    let everything =
      result.transcriptText + ConsoleReporter().report([result]) + JSONReporter().report([result])
    #expect(!everything.contains("s3cret"))
    #expect(result.transcript.contains { $0.text.contains("password: ‹password 1›") })
  }

  @Test func passwordsAreNumberedGivenAccountsFirstThenSteps() throws {
    let result = try play(
      """
      scenario: Steps first
      steps:
        - sign_in: { email: alice@example.com, password: "first-in-steps" }
      given:
        accounts:
          - { email: alice@example.com, password: "in-given" }
      """)
    #expect(!result.transcriptText.contains("in-given"))
    #expect(!result.transcriptText.contains("first-in-steps"))
    #expect(
      result.entries("phone", containing: "step 1: sign_in").first?.text.contains("‹password 2›") == true)
  }

}
