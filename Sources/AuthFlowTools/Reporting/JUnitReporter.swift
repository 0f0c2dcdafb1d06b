import AuthFlowEngine
import AuthFlowLanguage

/// JUnit XML as GitHub, GitLab and Jenkins read it: one `<testsuite>` per scenario file, one `<testcase>` per
/// scenario (class name from the file path), a failed scenario as `<failure>` and an errored one as `<error>`
/// with `file:line:col` in the message and the expectation in the body, and the transcript in `<system-out>`.
///
/// Counts and times are consistent: each suite's are its scenarios' sums, and the root's are the run's,
/// matching the JSON report's summary.
public struct JUnitReporter: Reporter {
  /// `--report junit`.
  public static let identifier = "junit"
  /// What `authflow run --help` says of the format.
  public static let abstract = "JUnit XML for CI test tabs, one testcase per scenario"
  /// An XML document: the net hides secrets in its text and attribute values only.
  public static let markup = Redactor.Markup.xml

  /// A JUnit report; it has no options.
  public init(options: ReportOptions = ReportOptions()) {}

  /// The run as a JUnit XML document.
  public func report(_ results: [ScenarioResult]) -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"authflow\" \(counts(results))>",
    ]
    for (file, scenarios) in groupedByFile(results) {
      lines.append("  <testsuite name=\"\(XMLText.attribute(file))\" \(counts(scenarios))>")
      lines += scenarios.map(testcase)
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `tests`, `failures`, `errors`, `skipped` and `time` attributes.
  private func counts(_ results: [ScenarioResult]) -> String {
    let summary = Summary(results)
    let time = ReportDuration.text(milliseconds: results.totalMilliseconds)
    return "tests=\"\(summary.total)\" failures=\"\(summary.failed)\" errors=\"\(summary.errored)\" "
      + "skipped=\"0\" time=\"\(time)\""
  }

  /// The results of each file, files in the order they first ran.
  private func groupedByFile(_ results: [ScenarioResult]) -> [(String, [ScenarioResult])] {
    var order: [String] = []
    var byFile: [String: [ScenarioResult]] = [:]
    for result in results {
      if byFile[result.file] == nil { order.append(result.file) }
      byFile[result.file, default: []].append(result)
    }
    return order.map { ($0, byFile[$0] ?? []) }
  }

  private func testcase(_ result: ScenarioResult) -> String {
    let attributes = [
      ("name", result.name), ("classname", result.className), ("file", result.file),
      ("line", String(result.location.line)),
      ("time", ReportDuration.text(milliseconds: result.milliseconds)),
    ].map { "\($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined(separator: " ")
    var lines = ["    <testcase \(attributes)>"]
    if let failure = result.failure, let headline = result.failureHeadline, result.status != .passed {
      let (element, type) = result.status == .failed ? ("failure", "failed") : ("error", "errored")
      lines.append(
        "      <\(element) message=\"\(XMLText.attribute(headline))\" type=\"\(type)\">"
          + XMLText.content(body(failure, result)) + "</\(element)>")
    }
    if !result.transcript.isEmpty {
      lines.append(
        "      <system-out>" + XMLText.content(TranscriptFormatter.plain(result.transcript))
          + "\n</system-out>")
    }
    lines.append("    </testcase>")
    return lines.joined(separator: "\n")
  }

  /// The failure element's text: where, which key, what was expected and what was found.
  private func body(_ failure: Failure, _ result: ScenarioResult) -> String {
    var lines = [
      "\(failure.location): \(failure.message)",
      "step: " + (failure.step > 0 ? "\(failure.step)" : "none")
        + (result.failedAction.map { " (\($0))" } ?? ""),
    ]
    if let key = failure.key { lines.append("key: \(key)") }
    if let expected = failure.expected { lines.append("expected: \(expected)") }
    if let actual = failure.actual { lines.append("found: \(actual)") }
    lines.append("machine: \(result.machine), seed \(result.seed)")
    return lines.joined(separator: "\n")
  }
}
