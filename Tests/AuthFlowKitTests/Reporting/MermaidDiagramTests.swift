import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Mermaid sequence diagrams")
struct MermaidDiagramTests {
  private func diagram(_ entries: [(String, String)]) -> String? {
    MermaidDiagram(transcript: entries.map { TranscriptEntry(time: .defaultStart, actor: $0.0, text: $0.1) })
      .source
  }

  @Test func aCallIsARequestAndItsAnswerWithWhatTheBackendDidInBetween() {
    let source = diagram([
      ("world", "scenario 'x' on authkit, seed 0"),
      ("phone", "step 1: sign_up {email: a@example.com, password: ‹password 1›} (line 3)"),
      ("backend", "account a@example.com created (uid AbC123…)"),
      ("phone", "signUp(a@example.com, ‹password 1›) → ok"),
      (
        "outbox",
        "verify_email to a@example.com: https://authflow.test/__/auth/action?mode=verifyEmail&oobCode=bmeTcZ…"
      ),
      ("phone", "sendEmailVerification → ok"),
      ("phone", "✓ state is signedInUnverified"),
      ("phone", "state signedOut → signedInUnverified, screen signIn → verifyEmail"),
      ("phone", "signInWithPassword(a@example.com, ‹password 1›) → invalid-credential"),
    ])
    #expect(
      source == """
        sequenceDiagram
            participant phone
            participant backend
            participant outbox
            Note over phone: step 1: sign_up {email: a@example.com, password: ‹password 1›} (line 3)
            phone->>backend: signUp(a@example.com, ‹password 1›)
            Note over backend: account a@example.com created (uid AbC123…)
            backend-->>phone: ok
            phone->>backend: sendEmailVerification
            backend->>outbox: verify_email to a@example.com (code bmeTcZ…)
            backend-->>phone: ok
            Note over phone: state signedOut → signedInUnverified, screen signIn → verifyEmail
            phone->>backend: signInWithPassword(a@example.com, ‹password 1›)
            backend-->>phone: invalid-credential
        """)
  }

  @Test func sheetsAdminClockBrowserAndFailuresHaveTheirOwnShapes() {
    let source = diagram([
      ("laptop", "launched: signedOut on signIn"),
      ("apple.com", "sheet on laptop: erin@privaterelay.appleid.com → cancelled"),
      ("admin", "step 2: admin {disable: a@example.com} (line 9)"),
      ("admin", "disabled a@example.com"),
      ("clock", "step 3: wait 1h (line 10)"),
      ("browser", "applyOobCode(AbC123…) → expired-action-code: the page shows the error"),
      ("laptop", "reload → network-request-failed (offline)"),
      ("world", "✗ account: expected {disabled: false}, found {disabled: true}"),
    ])
    #expect(
      source == """
        sequenceDiagram
            participant laptop
            participant apple_com as apple.com
            participant backend
            participant browser
            participant admin
            participant clock
            Note over laptop: launched: signedOut on signIn
            laptop->>apple_com: sign-in sheet
            apple_com-->>laptop: erin@privaterelay.appleid.com → cancelled
            Note over admin: step 2: admin {disable: a@example.com} (line 9)
            admin->>backend: disabled a@example.com
            Note over clock: step 3: wait 1h (line 10)
            browser->>backend: applyOobCode(AbC123…)
            backend-->>browser: expired-action-code: the page shows the error
            laptop-xbackend: reload → network-request-failed (offline)
            Note over laptop,clock: ✗ account: expected {disabled: false}, found {disabled: true}
        """)
  }

  @Test func textMermaidWouldMisreadIsWrittenAsEntities() {
    #expect(
      MermaidDiagram.label("a; #1 \"q\" <b> `c` 100% %%{init}%%\nnext")
        == "a#59; #35;1 #quot;q#quot; #lt;b#gt; #96;c#96; 100#37; #37;#37;{init}#37;#37; next")
  }

  @Test func participantIDsAreSafeWordsAndTheirLabelsKeepTheName() {
    let source = diagram([
      ("end", "launched: signedOut on signIn"), ("my phone; #1", "launched: signedOut on signIn"),
      ("2nd", "launched: signedOut on signIn"), ("my-phone-1", "launched: signedOut on signIn"),
    ])
    #expect(
      source?.hasPrefix(
        """
        sequenceDiagram
            participant p_end as end
            participant my_phone_1 as my phone#59; #35;1
            participant p_2nd as 2nd
            participant my_phone_1_2 as my-phone-1
        """) == true)
  }

  @Test func nothingToDrawIsNoDiagramAndALongFlowIsCut() {
    #expect(diagram([]) == nil)
    #expect(
      diagram([("world", "scenario 'x' on authkit, seed 0"), ("phone", "✓ state is signedOut")]) == nil)
    let long = diagram(
      Array(repeating: ("phone", "app goes to the background"), count: MermaidDiagram.limit + 5))
    #expect(long?.components(separatedBy: "Note over phone: app goes").count == MermaidDiagram.limit + 1)
    #expect(long?.hasSuffix("Note over phone: … 5 more, see the transcript") == true)
  }

  @Test func aLongFlowThatFailsLateIsCutAroundTheFailure() {
    let before = Array(repeating: ("phone", "app goes to the background"), count: 250)
    let after = Array(repeating: ("phone", "app comes to the foreground"), count: 60)
    let long = diagram(before + [("authflow", "✗ step 251 failed: state is signedOut")] + after)
    let lines = long?.split(separator: "\n").map(String.init) ?? []
    // 200 messages drawn: the 179 before the failure, the failure and the 20 after it.
    #expect(lines.filter { $0.contains("app goes to the background") }.count == 179)
    #expect(lines.filter { $0.contains("app comes to the foreground") }.count == MermaidDiagram.afterFailure)
    #expect(lines.contains("    Note over phone: ✗ step 251 failed: state is signedOut"))
    #expect(lines.dropFirst(2).first == "    Note over phone: … 71 earlier, see the transcript")
    #expect(lines.last == "    Note over phone: … 40 more, see the transcript")
  }

  /// The runner writes a failed check under the device it is about, as the transcript shows it.
  @Test func aFailedCheckADeviceWroteCentresTheCutToo() {
    let before = Array(repeating: ("phone", "app goes to the background"), count: 250)
    let after = Array(repeating: ("phone", "app comes to the foreground"), count: 60)
    let long = diagram(before + [("phone", "✗ state: expected signedOut, found signedIn")] + after)
    let lines = long?.split(separator: "\n").map(String.init) ?? []
    #expect(lines.contains("    Note over phone: ✗ state: expected signedOut, found signedIn"))
    #expect(lines.dropFirst(2).first == "    Note over phone: … 71 earlier, see the transcript")
    #expect(lines.last == "    Note over phone: … 40 more, see the transcript")
  }
}
