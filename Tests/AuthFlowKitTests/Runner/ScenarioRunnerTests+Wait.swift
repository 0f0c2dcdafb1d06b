import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Long `wait`s: idle time costs the same whatever its length, the transcript summarises the repeated token
/// refreshes, and the work done during a wait is not charged to the next step.
extension ScenarioRunnerTests {
  /// Alice signed in on `devices`, then `steps`.
  private func signedIn(_ devices: [String], steps: String) -> String {
    """
    scenario: Long wait
    devices: [\(devices.joined(separator: ", "))]
    given:
      accounts:
        - { email: alice@example.com, password: correct-horse, email_verified: true }
      signed_in: { \(devices.map { "\($0): alice@example.com" }.joined(separator: ", ")) }
    steps:
    \(steps)
    """
  }

  // MARK: - The transcript stays short

  @Test func aTenYearWaitWritesOneSummaryLinePerDevice() throws {
    let result = try play(
      signedIn(
        ["phone", "laptop"],
        steps: """
            - wait: 3660d
            - expect: { state: signedIn, signed_in_devices: [phone, laptop] }
          """))
    expectPassed(result)
    #expect(result.transcript.count < 20, "\(result.transcriptText)")
    // 3660 days are 95,825 refreshes 55 minutes apart, the first at 00:55.
    let phone = try #require(result.entries("phone", containing: "refreshed its ID token").first)
    #expect(
      phone.text
        == "refreshed its ID token 95825 times, every 55m since 2026-01-01T00:55:00Z (refreshToken → ok each time)"
    )
    #expect(phone.time.description == "2036-01-08T23:35:00Z")
    #expect(result.entries("laptop", containing: "refreshed its ID token 95825 times").count == 1)
    #expect(zip(result.transcript, result.transcript.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test func tenThousandLongWaitsKeepTheTranscriptProportionalToTheSteps() throws {
    let steps = 10_000
    let result = try play(
      signedIn(["phone"], steps: String(repeating: "  - wait: 3660d\n", count: steps)))
    expectPassed(result)
    // Per step: the step's line and the summary of its refreshes.
    #expect(result.transcript.count <= 2 * steps + 10)
    #expect(result.entries("phone", containing: "refreshed its ID token").count == steps)
  }

  @Test func aSingleRefreshReadsAsBefore() throws {
    let result = try play(signedIn(["phone"], steps: "  - wait: 1h"))
    expectPassed(result)
    let lines = result.transcript.filter { $0.actor == "phone" }.suffix(2).map { "\($0.time) \($0.text)" }
    #expect(
      lines == [
        "2026-01-01T00:55:00Z scheduled token refresh", "2026-01-01T00:55:00Z refreshToken → ok",
      ])
  }

  // MARK: - Folding changes nothing else

  /// A week in one `wait`, and the same week an hour at a time, with devices whose tokens have different ages,
  /// two refreshing at the same times (the first listed first), one in the background, then new ids drawn from
  /// the seeded generator.
  @Test func aFoldedWaitLeavesTheWorldAsHourlyWaitsDo() throws {
    func week(_ waits: String) -> String {
      """
      scenario: A week
      devices: [phone, laptop, tablet, watch]
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com, watch: alice@example.com }
      steps:
        - wait: 20m
        - sign_in: { email: alice@example.com, password: correct-horse }
          device: laptop
        - sign_in: { email: alice@example.com, password: correct-horse }
          device: tablet
        - background:
          device: tablet
      \(waits)
        - foreground:
          device: tablet
        - sign_out
        - sign_up: { email: bob@example.com, password: Str0ng!pass }
      """
    }
    func finish(_ yaml: String) throws -> (Run, ScenarioResult) {
      let run = Run(
        scenario: try loadScenario(yaml),
        descriptor: try #require(MachineRegistry.builtIn.descriptor(named: "authkit")),
        seed: 7)
      return (run, run.play())
    }
    let (folded, foldedResult) = try finish(week("  - wait: 7d"))
    let (hourly, hourlyResult) = try finish(week(String(repeating: "  - wait: 1h\n", count: 7 * 24)))
    expectPassed(foldedResult)
    expectPassed(hourlyResult)
    #expect(folded.world.now == hourly.world.now)
    #expect(folded.devices.map(\.client.tokens) == hourly.devices.map(\.client.tokens))
    #expect(folded.world.backend.tokenSerial == hourly.world.backend.tokenSerial)
    #expect(folded.world.nextRandom() == hourly.world.nextRandom())
    #expect(
      foldedResult.entries("backend", containing: "bob@example.com created").map(\.text)
        == hourlyResult.entries("backend", containing: "bob@example.com created").map(\.text))
    #expect(foldedResult.entries("phone", containing: "refreshed its ID token 183 times").count == 1)
    #expect(foldedResult.entries("laptop", containing: "refreshed its ID token 183 times").count == 1)
    #expect(foldedResult.entries("tablet", containing: "refreshed its ID token").isEmpty)
    #expect(foldedResult.entries("watch", containing: "refreshed its ID token 183 times").count == 1)
  }

  @Test func aRefreshThatFailsDuringALongWaitShowsAsItDid() throws {
    let result = try play(
      """
      scenario: Revoked, then a long wait
      devices: [phone, laptop]
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
          - { email: bob@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com }
      steps:
        - wait: 30m
        - sign_in: { email: bob@example.com, password: correct-horse }
          device: laptop
        - admin: { disable: bob@example.com }
        - wait: 3660d
        - expect: { state: signedIn }
        - expect: { state: signedOut, error: user-disabled }
          device: laptop
      """)
    expectPassed(result)
    let wait = try #require(result.transcript.firstIndex { $0.text.hasPrefix("step 4: wait") })
    let lines = result.transcript[(wait + 1)...].map { "\($0.time) \($0.actor) \($0.text)" }
    #expect(
      Array(lines.prefix(7)) == [
        "2026-01-01T00:55:00Z phone scheduled token refresh",
        "2026-01-01T00:55:00Z phone refreshToken → ok",
        "2026-01-01T01:25:00Z laptop scheduled token refresh",
        "2026-01-01T01:25:00Z laptop refreshToken → user-disabled",
        "2026-01-01T01:25:00Z laptop session ended (user-disabled): signed out",
        "2026-01-01T01:25:00Z laptop state signedIn → signedOut, screen home → signIn, shows error user-disabled",
        "2036-01-09T00:30:00Z phone refreshed its ID token 95825 times, every 55m since 2026-01-01T01:50:00Z "
          + "(refreshToken → ok each time)",
      ], "\(result.transcriptText)")
  }

  @Test func anOfflineDeviceDoesNotRefreshDuringALongWait() throws {
    let result = try play(
      signedIn(
        ["phone"],
        steps: """
            - network: { online: false }
            - wait: 3660d
            - network: { online: true }
            - expect: { state: signedIn }
          """))
    expectPassed(result)
    #expect(result.entries("phone", containing: "refreshToken → network-request-failed").count == 1)
    #expect(result.entries("phone", containing: "refreshed its ID token").isEmpty)
    #expect(result.entries("phone", containing: "refreshToken → ok").count == 1)
  }

  // MARK: - The call budget

  /// Calls an app makes on hearing of a failed refresh during a `wait` count in the wait's own step: an app
  /// looping there errors that step (before, the wait passed and the budget it used up errored the next step).
  @Test func callsMadeDuringAWaitCountInTheWaitsOwnStep() throws {
    let calls = AuthClient.callBudget + 1
    let result = try play(
      """
      scenario: Retries while offline
      given:
        accounts:
          - { email: alice@example.com, password: correct-horse, email_verified: true }
        signed_in: { phone: alice@example.com }
      steps:
        - network: { online: false }
        - wait: 1h
        - network: { online: true }
        - expect: { state: signedIn }
      """, machine: "retrying-\(calls)", registry: Self.registry)
    #expect(result.status == .errored)
    #expect(
      result.failure?.message
        == "step 2: machine 'retrying-\(calls)' made more than 1000 auth-client calls in one step; the app's "
        + "timers during the wait count in it: split the wait into shorter ones")
    #expect(result.stepStatuses == [.passed, .errored, .skipped, .skipped])
  }

  @Test(arguments: ["authkit", "firebaseui", "paper"])
  func signingOutAfterAWaitOfThirtyNineDaysWorks(machine: String) throws {
    let result = try play(
      signedIn(
        ["phone"],
        steps: """
            - wait: 39d
            - sign_out:
              expect: { state: signedOut, error: none }
          """), machine: machine)
    expectPassed(result)
  }
}
