import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Finished results built by hand, as reporters receive them.
enum SampleResults {
  static let file = "Scenarios/sign-up/verify.yaml"

  static func transcript(_ text: String) -> [TranscriptEntry] {
    [
      TranscriptEntry(time: .defaultStart, actor: "phone", text: "launched: signedOut on signIn"),
      TranscriptEntry(time: .defaultStart + .minutes(5), actor: "clock", text: text),
    ]
  }

  static func result(
    _ name: String, _ status: ScenarioResult.Status, failure: Failure? = nil, seed: UInt64 = 0,
    reproduces: String? = nil, transcript: [TranscriptEntry]? = nil
  ) -> ScenarioResult {
    ScenarioResult(
      name: name, file: file, location: SourceLocation(file: file, line: 3, column: 1), machine: "authkit",
      seed: seed, tags: ["sign-up", "verification"], reproduces: reproduces, status: status, failure: failure,
      steps: [
        StepOutcome(
          number: 1, location: SourceLocation(file: file, line: 9, column: 5), action: "sign_up",
          status: status == .passed ? .passed : status == .failed ? .failed : .errored),
        StepOutcome(
          number: 2, location: SourceLocation(file: file, line: 11, column: 5), action: "expect",
          status: status == .passed ? .passed : .skipped),
      ],
      transcript: transcript ?? self.transcript("transcript of \(name)"))
  }

  static let passed = result("Signs up", .passed)
  static let failed = result(
    "Verifies in the background", .failed,
    failure: Failure(
      step: 1, location: SourceLocation(file: file, line: 10, column: 15), key: "state", expected: "signedIn",
      actual: "signedInUnverified", message: "step 1: state: expected signedIn, found signedInUnverified"))
  static let errored = result(
    "Taps a button", .errored,
    failure: Failure(
      step: 1, location: SourceLocation(file: file, line: 9, column: 5), key: "tap",
      message: "step 1: machine 'authkit' does not support 'tap'; it supports: launch"))
}

@Suite("Console reporter")
struct ConsoleReporterTests {
  private func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// Results with these numbers of passed, failed and errored scenarios.
  private func results(_ counts: [Int]) -> [ScenarioResult] {
    Array(repeating: SampleResults.passed, count: counts[0])
      + Array(repeating: SampleResults.failed, count: counts[1])
      + Array(repeating: SampleResults.errored, count: counts[2])
  }

  @Test(arguments: [
    ([0, 0, 0], "0 passed, 0 failed"), ([2, 0, 0], "2 passed, 0 failed"), ([1, 1, 0], "1 passed, 1 failed"),
    ([0, 1, 2], "0 passed, 1 failed, 2 errored"),
  ])
  func theLastLineSumsUpTheRun(counts: [Int], summary: String) {
    let output = ConsoleReporter().report(results(counts))
    #expect(output.hasSuffix("\n"))
    #expect(lines(output).dropLast().last == Substring(summary))
  }

  @Test func eachScenarioHasOneLineWithItsStatusNameFileLineAndMachine() {
    let output = ConsoleReporter().report([SampleResults.passed, SampleResults.failed, SampleResults.errored])
    let file = SampleResults.file
    #expect(lines(output).first == "PASS  Signs up  (\(file):3, authkit)")
    #expect(output.contains("\nFAIL  Verifies in the background  (\(file):3, authkit)\n"))
    #expect(output.contains("\nERROR Taps a button  (\(file):3, authkit)\n"))
  }

  @Test func aFailureSaysWhereAndWhy() {
    let output = ConsoleReporter().render(SampleResults.failed)
    #expect(
      lines(output).dropFirst().first
        == "      \(SampleResults.file):10:15: step 1: state: expected signedIn, found signedInUnverified")
  }

  @Test func transcriptsArePrintedOnlyForScenariosThatDidNotPass() {
    let output = ConsoleReporter().report([SampleResults.passed, SampleResults.failed, SampleResults.errored])
    #expect(!output.contains("transcript of Signs up"))
    #expect(output.contains("2026-01-01T00:05:00Z  clock  transcript of Verifies in the background"))
    #expect(output.contains("transcript of Taps a button"))
    #expect(output.components(separatedBy: "transcript:").count == 3)
  }

  @Test func verboseOutputPrintsEveryTranscript() {
    let output = ConsoleReporter(verbose: true).report([SampleResults.passed, SampleResults.failed])
    #expect(output.contains("transcript of Signs up"))
    #expect(output.contains("transcript of Verifies in the background"))
  }

  @Test func withoutColourThereAreNoANSICodes() {
    let results = [SampleResults.passed, SampleResults.failed, SampleResults.errored]
    #expect(!ConsoleReporter(colour: false, verbose: true).report(results).contains("\u{1B}"))
  }

  @Test func withColourStatusesAndAFailingSummaryArePainted() {
    let output = ConsoleReporter(colour: true).report([SampleResults.passed, SampleResults.failed])
    #expect(output.hasPrefix("\u{1B}[32mPASS \u{1B}[0m Signs up"))
    #expect(output.contains("\u{1B}[31mFAIL \u{1B}[0m Verifies in the background"))
    #expect(output.hasSuffix("\u{1B}[1m1 passed, 1 failed\u{1B}[0m\n"))
  }
}

@Suite("JSON reporter")
struct JSONReporterTests {
  private func parse(_ results: [ScenarioResult]) throws -> [String: Any] {
    let text = JSONReporter().report(results)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  /// The summary's counts, without its duration.
  private func counts(_ json: [String: Any]) -> [String: Int]? {
    (json["summary"] as? [String: Any])?.filter { $0.key != "duration_seconds" }.compactMapValues {
      $0 as? Int
    }
  }

  private func scenarios(_ json: [String: Any]) throws -> [[String: Any]] {
    try #require(json["scenarios"] as? [[String: Any]])
  }

  @Test func theSummaryCountsEachStatus() throws {
    let json = try parse([
      SampleResults.passed, SampleResults.failed, SampleResults.errored, SampleResults.passed,
    ])
    #expect(counts(json) == ["passed": 2, "failed": 1, "errored": 1, "total": 4])
    #expect(try scenarios(json).map { $0["status"] as? String } == ["passed", "failed", "errored", "passed"])
  }

  @Test func anEmptyRunIsValidJSON() throws {
    let json = try parse([])
    #expect(counts(json) == ["passed": 0, "failed": 0, "errored": 0, "total": 0])
    #expect(try scenarios(json).isEmpty)
  }

  @Test func aPassedScenarioHasANullFailure() throws {
    let scenario = try #require(try scenarios(parse([SampleResults.passed])).first)
    #expect(scenario["failure"] is NSNull)
    #expect(scenario["reproduces"] is NSNull)
    #expect(scenario["name"] as? String == "Signs up")
    #expect(scenario["file"] as? String == SampleResults.file)
    #expect(scenario["line"] as? Int == 3)
    #expect(scenario["machine"] as? String == "authkit")
    #expect(scenario["tags"] as? [String] == ["sign-up", "verification"])
  }

  @Test func aFailureHasItsStepPlaceKeyExpectedActualAndMessage() throws {
    let scenario = try #require(try scenarios(parse([SampleResults.failed])).first)
    let failure = try #require(scenario["failure"] as? [String: Any])
    #expect(failure["step"] as? Int == 1)
    #expect(failure["file"] as? String == SampleResults.file)
    #expect(failure["line"] as? Int == 10)
    #expect(failure["column"] as? Int == 15)
    #expect(failure["key"] as? String == "state")
    #expect(failure["expected"] as? String == "signedIn")
    #expect(failure["actual"] as? String == "signedInUnverified")
    #expect(failure["message"] as? String == "step 1: state: expected signedIn, found signedInUnverified")
    let steps = try #require(scenario["steps"] as? [[String: Any]])
    #expect(steps.map { $0["status"] as? String } == ["failed", "skipped"])
    #expect(steps.map { $0["action"] as? String } == ["sign_up", "expect"])
    #expect(steps.map { $0["line"] as? Int } == [9, 11])
  }

  @Test func anErrorWithoutExpectedAndActualHasNulls() throws {
    let scenario = try #require(try scenarios(parse([SampleResults.errored])).first)
    let failure = try #require(scenario["failure"] as? [String: Any])
    #expect(failure["expected"] is NSNull)
    #expect(failure["actual"] is NSNull)
    #expect(failure["key"] as? String == "tap")
  }

  @Test func theTranscriptHasTimeActorAndText() throws {
    let scenario = try #require(try scenarios(parse([SampleResults.failed])).first)
    let transcript = try #require(scenario["transcript"] as? [[String: String]])
    #expect(
      transcript.last == [
        "time": "2026-01-01T00:05:00Z", "actor": "clock", "text": "transcript of Verifies in the background",
      ])
  }

  @Test func theSeedIsAStringSoEverySixtyFourBitSeedSurvives() throws {
    let scenario = try #require(
      try scenarios(parse([SampleResults.result("Big seed", .passed, seed: .max)])).first)
    #expect(scenario["seed"] as? String == "18446744073709551615")
  }

  @Test func textWithQuotesNewlinesAndControlCharactersRoundTrips() throws {
    let text = "say \"hi\"\\ \n\ttab \u{01} ‹password 1› ✓ 🙂"
    let result = SampleResults.result(
      text, .passed, reproduces: "https://example.com/?a=1&b=\"2\"",
      transcript: [TranscriptEntry(time: .defaultStart, actor: "phone", text: text)])
    let scenario = try #require(try scenarios(parse([result])).first)
    #expect(scenario["name"] as? String == text)
    #expect(scenario["reproduces"] as? String == "https://example.com/?a=1&b=\"2\"")
    #expect((scenario["transcript"] as? [[String: String]])?.first?["text"] == text)
  }

  /// The keys written at one indentation, in order: with one scenario, the members of one object.
  private func keys(_ text: String, indent: Int) -> [String] {
    let prefix = String(repeating: " ", count: indent) + "\""
    return text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix(prefix), let end = line.firstRange(of: "\": ") else { return nil }
      let key = line[line.index(line.startIndex, offsetBy: prefix.count)..<end.lowerBound]
      return key.contains("\"") ? nil : String(key)
    }
  }

  @Test func keysAreSorted() {
    let text = JSONReporter().report([SampleResults.failed])
    #expect(keys(text, indent: 2) == ["scenarios", "summary"])
    #expect(keys(text, indent: 4) == ["duration_seconds", "errored", "failed", "passed", "total"])
    #expect(
      keys(text, indent: 6) == [
        "duration_seconds", "failure", "file", "line", "machine", "name", "reproduces", "seed", "status",
        "steps", "tags",
        "transcript",
      ])
    #expect(
      keys(text, indent: 8) == ["actual", "column", "expected", "file", "key", "line", "message", "step"])
  }
}

@Suite("Transcript formatter")
struct TranscriptFormatterTests {
  @Test func entriesAlignOnTheWidestActor() {
    let text = TranscriptFormatter.plain(
      [
        TranscriptEntry(time: .defaultStart, actor: "phone", text: "launched: signedOut on signIn"),
        TranscriptEntry(time: .defaultStart + .seconds(90), actor: "backend", text: "account created"),
      ], indent: "  ")
    #expect(
      text == """
          2026-01-01T00:00:00Z  phone    launched: signedOut on signIn
          2026-01-01T00:01:30Z  backend  account created
        """)
  }
}

@Suite("Every reporter, on untrusted text")
struct UntrustedTextReporterTests {
  /// Text a scenario file, an adapter or a machine could put in a result: line breaks followed by workflow
  /// commands, terminal escapes, NUL.
  static let hostile = "x\n::error file=ci.yaml::injected\r\n::set-output name=a::b\u{1B}[2J\u{0}\u{9B}31m"

  @Test func noReportLetsAControlCharacterOrAWorkflowCommandThrough() {
    let result = SampleResults.result(
      "Name" + Self.hostile, .failed,
      failure: Failure(
        step: 1, location: SourceLocation(file: SampleResults.file, line: 10, column: 15), key: "screen",
        expected: "home", actual: Self.hostile, message: "step 1: screen: expected home, found" + Self.hostile
      ),
      reproduces: "https://example.com/issues/1\u{1B}[2J\u{9B}31m",
      transcript: SampleResults.transcript("adapter says" + Self.hostile))
    for name in ReporterRegistry.identifiers {
      guard let reporter = ReporterRegistry.reporter(named: name) else { continue }
      let text = reporter.init(options: ReportOptions(verbose: true)).report([result])
      let commands = text.split(separator: "\n").filter {
        $0.hasPrefix("::") && !$0.hasPrefix("::error file=\(SampleResults.file),")
      }
      #expect(commands.isEmpty, "\(name): \(commands)")
      let controls = text.unicodeScalars.filter {
        $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
      }
      #expect(controls.isEmpty, "\(name): \(controls.map { String($0.value, radix: 16) })")
    }
  }
}
