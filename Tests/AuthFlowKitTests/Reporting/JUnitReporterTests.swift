import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("JUnit reporter")
struct JUnitReporterTests {
  @Test func oneSuitePerFileInRunOrderWithCountsAndTimesThatAddUp() throws {
    var other = SampleResults.passed
    other.file = "Scenarios/other.yml"
    var results = [SampleResults.failed, other, SampleResults.errored, SampleResults.passed]
    for index in results.indices { results[index].durationSeconds = [0.1, 0.0004, 0.2506, 1.5][index] }
    let xml = JUnitReporter().report(results)
    #expect(
      xml.contains(
        #"<testsuites name="authflow" tests="4" failures="1" errors="1" skipped="0" time="1.851">"#))
    #expect(
      xml.contains(
        #"<testsuite name="Scenarios/sign-up/verify.yaml" tests="3" failures="1" errors="1" skipped="0" time="1.851">"#
      ))
    #expect(
      xml.contains(
        #"<testsuite name="Scenarios/other.yml" tests="1" failures="0" errors="0" skipped="0" time="0.000">"#)
    )
    #expect(xml.components(separatedBy: "<testsuite ").count == 3)
    let counts = try JUnitCounts(parsing: xml)
    #expect(counts.suiteTotals == counts.root)
  }

  @Test func aTestcaseNamesItsScenarioClassFileLineAndTime() {
    let xml = JUnitReporter().report([SampleResults.passed])
    #expect(
      xml.contains(
        #"<testcase name="Signs up" classname="Scenarios.sign-up.verify" file="Scenarios/sign-up/verify.yaml" line="3" time="0.000">"#
      ))
  }

  @Test(arguments: [
    ("Scenarios/a/b.yaml", "Scenarios.a.b"), ("./x.yml", "x"), ("/tmp/run/y.yaml", "tmp.run.y"),
    ("notes.txt", "notes.txt"), ("../rep/r.yaml", "rep.r"), ("../../x/y.yaml", "x.y"),
  ])
  func theClassNameIsTheFilePathWithDots(file: String, className: String) {
    var result = SampleResults.passed
    result.file = file
    #expect(result.className == className)
  }

  @Test func aFailureSaysWhereInItsMessageAndExpectedAndFoundInItsBody() {
    let xml = JUnitReporter().report([SampleResults.failed])
    #expect(
      xml.contains(
        #"<failure message="Scenarios/sign-up/verify.yaml:10:15: step 1: state: expected signedIn, found signedInUnverified" type="failed">"#
      ))
    #expect(
      xml.contains(
        "key: state\nexpected: signedIn\nfound: signedInUnverified\nmachine: authkit, seed 0</failure>"))
    #expect(!xml.contains("<error"))
  }

  @Test func anErroredScenarioIsAnError() {
    let xml = JUnitReporter().report([SampleResults.errored])
    #expect(xml.contains(#"<error message="Scenarios/sign-up/verify.yaml:9:5: step 1: machine 'authkit'"#))
    #expect(xml.contains(#"type="errored">"#))
    #expect(!xml.contains("<failure"))
  }

  @Test func theTranscriptIsEscapedPlainTextInSystemOut() {
    let result = SampleResults.result(
      "a <b> & \"c\"", .passed,
      transcript: [TranscriptEntry(time: .defaultStart, actor: "phone", text: "x < y && ]]> done")])
    let xml = JUnitReporter().report([result])
    #expect(xml.contains(#"name="a &lt;b&gt; &amp; &quot;c&quot;""#))
    #expect(
      xml.contains("<system-out>2026-01-01T00:00:00Z  phone  x &lt; y &amp;&amp; ]]&gt; done\n</system-out>"))
  }

  @Test func charactersXMLCannotHoldAreWrittenVisiblyAndTheReportStaysWellFormed() throws {
    let hostile = "bell \u{07} escape \u{1B}[31m nul \u{0} tab\tnew\nline \u{FFFE} ok 🙂"
    let result = SampleResults.result(
      hostile, .failed,
      failure: Failure(
        step: 1, location: SourceLocation(file: "a\u{01}.yaml", line: 1, column: 1), key: "ui.x",
        expected: hostile, actual: "\u{0B}", message: hostile),
      transcript: [TranscriptEntry(time: .defaultStart, actor: "phone", text: hostile)])
    let xml = JUnitReporter().report([result])
    #expect(xml.contains(#"bell \u{7} escape \u{1B}[31m nul \u{0} tab&#9;new&#10;line \u{FFFE} ok 🙂"#))
    for scalar in xml.unicodeScalars where scalar.value < 0x20 {
      #expect(
        scalar == "\n" || scalar == "\t",
        "a raw control character U+\(String(scalar.value, radix: 16)) in the XML")
    }
    let counts = try JUnitCounts(parsing: xml)
    #expect(counts.failures == 1)
  }

  @Test func anEmptyRunIsAnEmptyTestsuites() {
    #expect(
      JUnitReporter().report([]) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="authflow" tests="0" failures="0" errors="0" skipped="0" time="0.000">
        </testsuites>

        """)
  }
}
