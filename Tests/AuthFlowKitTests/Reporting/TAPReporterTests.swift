import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("TAP reporter")
struct TAPReporterTests {
  @Test func aPlanThenOneLineInOrderPerScenarioThenTheSummary() {
    let tap = TAPReporter().report([SampleResults.passed, SampleResults.failed, SampleResults.errored])
    let lines = tap.split(separator: "\n")
    #expect(lines.prefix(3) == ["TAP version 13", "1..3", "ok 1 - Signs up"])
    #expect(lines.contains("not ok 2 - Verifies in the background"))
    #expect(lines.contains("not ok 3 - Taps a button"))
    #expect(lines.last == "# 1 passed, 1 failed, 1 errored")
  }

  @Test func anEmptyRunPlansNothing() {
    #expect(TAPReporter().report([]) == "TAP version 13\n1..0\n# 0 passed, 0 failed\n")
  }

  @Test func aFailureIsFollowedByAnIndentedYAMLDiagnostic() {
    let tap = TAPReporter().report([SampleResults.failed])
    #expect(
      tap.contains(
        """
        not ok 1 - Verifies in the background
          ---
          message: "step 1: state: expected signedIn, found signedInUnverified"
          severity: fail
          file: "Scenarios/sign-up/verify.yaml"
          line: 10
          column: 15
          step: 1
          action: "sign_up"
          key: "state"
          expected: "signedIn"
          found: "signedInUnverified"
          machine: "authkit"
          seed: "0"
          transcript: |-
            2026-01-01T00:00:00Z  phone  launched: signedOut on signIn
            2026-01-01T00:05:00Z  clock  transcript of Verifies in the background
          ...
        """))
  }

  @Test func anErrorHasSeverityErrorAndAPassNoDiagnostic() {
    let tap = TAPReporter().report([SampleResults.passed, SampleResults.errored])
    #expect(tap.contains("  severity: error\n"))
    #expect(!tap.contains("expected:"))
    #expect(tap.components(separatedBy: "  ---\n").count == 2)
  }

  @Test func aHashInANameIsEscapedSoItIsNoDirectiveAndNewlinesAreSpaces() {
    let tap = TAPReporter().report([SampleResults.result("issue #12 \\ # SKIP\nnext", .passed)])
    #expect(tap.contains("\nok 1 - issue \\#12 \\\\ \\# SKIP next\n"))
  }

  @Test func textYAMLCannotPrintIsQuotedWithEscapes() {
    #expect(YAMLText.quoted("a \"b\" \\ \u{1B}[0m\u{7F}\t\n🙂") == #""a \"b\" \\ \u001B[0m\u007F\t\n🙂""#)
    #expect(YAMLText.literalBlock("one\n\ntwo", indent: "  ") == "|-\n  one\n\n  two")
    #expect(YAMLText.literalBlock(" leading space", indent: "  ") == nil)
    #expect(YAMLText.literalBlock("bell \u{07}", indent: "  ") == nil)
    let result = SampleResults.result(
      "x", .failed,
      failure: Failure(step: 1, location: SampleResults.failed.location, key: nil, message: "m"),
      transcript: [TranscriptEntry(time: .defaultStart, actor: "phone", text: "bell \u{07}")])
    // The transcript writes the bell visibly, so its text prints as a literal block.
    #expect(
      TAPReporter().report([result]).contains(
        "  transcript: |-\n    2026-01-01T00:00:00Z  phone  bell \\u{7}"))
  }
}
