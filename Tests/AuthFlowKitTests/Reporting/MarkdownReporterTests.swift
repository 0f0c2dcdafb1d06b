import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Markdown reporter")
struct MarkdownReporterTests {
  @Test func aSummaryTableThenOneRowPerScenario() {
    var results = [SampleResults.passed, SampleResults.failed, SampleResults.errored]
    for index in results.indices { results[index].durationSeconds = 0.5 }
    let markdown = MarkdownReporter().report(results)
    #expect(markdown.hasPrefix("# authflow: 1 passed, 1 failed, 1 errored\n\n"))
    #expect(markdown.contains("\n| 1 | 1 | 1 | 3 | 1.50 s |\n"))
    #expect(
      markdown.contains("\n| ✅ | Signs up | `Scenarios/sign-up/verify.yaml:3` | `authkit` | 500 ms |\n"))
    #expect(markdown.contains("\n| ❌ | Verifies in the background | "))
    #expect(markdown.contains("\n| ⚠️ | Taps a button | "))
  }

  /// Scenarios take well under a millisecond: the times must still tell one from another.
  @Test(arguments: [
    (0.0, "0 s"), (-1.0, "0 s"), (Double.nan, "0 s"), (0.000_000_4, "0.40 µs"), (0.000_42, "420 µs"),
    (0.000_042_1, "42.1 µs"), (0.004_214, "4.21 ms"), (0.25, "250 ms"), (1.2549, "1.25 s"), (75.0, "75.0 s"),
    (4_000.0, "4000 s"),
  ])
  func timesKeepThreeSignificantDigits(seconds: Double, shown: String) {
    #expect(MarkdownReporter.duration(seconds) == shown)
  }

  @Test func eachScenarioThatDidNotPassHasItsFailureDiagramAndTranscript() {
    let markdown = MarkdownReporter().report([SampleResults.passed, SampleResults.failed])
    #expect(!markdown.contains("## ✅ Signs up"))
    #expect(markdown.contains("\n## ❌ Verifies in the background\n"))
    #expect(markdown.contains("**Failed at step 1 (sign_up)**, `Scenarios/sign-up/verify.yaml:10:15`:"))
    #expect(markdown.contains("\n| `state` | `signedIn` | `signedInUnverified` |\n"))
    #expect(markdown.contains("Step 2 was skipped."))
    #expect(markdown.contains("### Flow\n\n```mermaid\nsequenceDiagram\n"))
    #expect(markdown.contains("### Transcript\n\n```\n2026-01-01T00:00:00Z  phone  launched"))
  }

  @Test func aMachineThatCouldNotStartErrsBeforeTheFirstStep() {
    let result = SampleResults.result(
      "No machine", .errored,
      failure: Failure(
        step: 0, location: SampleResults.passed.location, key: "machine", message: "unknown machine"),
      transcript: [])
    let markdown = MarkdownReporter().report([result])
    #expect(markdown.contains("**Errored before the first step**, `Scenarios/sign-up/verify.yaml:3:1`:"))
    #expect(!markdown.contains("```mermaid"))
  }

  @Test func verboseDetailsPassedScenariosToo() {
    let markdown = MarkdownReporter(options: ReportOptions(verbose: true)).report([SampleResults.passed])
    #expect(markdown.contains("\n## ✅ Signs up\n"))
  }

  @Test func userTextCannotBecomeMarkup() {
    #expect(
      MarkdownText.inline("a|b *c* _d_ snake_case <b> [l](x) `c` ~s~ $x$ &amp; & #1 \\")
        == #"a\|b \*c\* \_d\_ snake_case \<b> \[l\](x) \`c\` \~s\~ \$x\$ \&amp; & #1 \\"#)
    #expect(MarkdownText.inline("two\nlines") == "two lines")
    #expect(MarkdownText.code("a:b") == "`a:b`")
    #expect(MarkdownText.code("a|b") == #"a\|b"#)
    #expect(MarkdownText.link("https://x.test/?a=1&b=2") == "<https://x.test/?a=1&b=2>")
    #expect(MarkdownText.link("see https://x.test") == "see https://x.test")
  }

  @Test func aFenceIsLongerThanAnyRunOfBackticksInside() {
    #expect(MarkdownText.fenced("plain") == "```\nplain\n```")
    #expect(MarkdownText.fenced("a ``` b ```` c", info: "text") == "`````text\na ``` b ```` c\n`````")
  }
}
