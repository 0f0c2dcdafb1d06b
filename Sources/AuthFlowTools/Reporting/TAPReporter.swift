import AuthFlowEngine
import AuthFlowLanguage

/// TAP version 13: `ok N - name` or `not ok N - name` per scenario, each failed or errored one followed by a
/// YAML diagnostic block (`---` … `...`) with the message, where, which step and key, what was expected and
/// found, the machine, and the transcript as a literal block.
public struct TAPReporter: Reporter {
  /// `--report tap`.
  public static let identifier = "tap"
  /// What `authflow run --help` says of the format.
  public static let abstract = "TAP version 13 with YAML diagnostics for failures"

  /// A TAP report; it has no options.
  public init(options: ReportOptions = ReportOptions()) {}

  /// The run as a TAP version 13 stream.
  public func report(_ results: [ScenarioResult]) -> String {
    var lines = ["TAP version 13", "1..\(results.count)"]
    for (index, result) in results.enumerated() {
      let status = result.status == .passed ? "ok" : "not ok"
      lines.append("\(status) \(index + 1) - \(description(result.name))")
      guard result.status != .passed else { continue }
      // The YAML block is indented two spaces under its test line, every line of it.
      lines += diagnostics(result).joined(separator: "\n").split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .map { $0.isEmpty ? "" : "  " + $0 }
    }
    lines.append("# \(Summary(results).line)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The name on one line, with `#` (which would start a TAP directive) and backslashes escaped, line breaks as
  /// spaces and other control characters written visibly (``PlainText``).
  private func description(_ name: String) -> String {
    var out = ""
    for character in name {
      switch character {
      case "\\": out += "\\\\"
      case "#": out += "\\#"
      case "\n", "\r", "\r\n": out += " "
      default: out += PlainText.visible(String(character))
      }
    }
    return out
  }

  private func diagnostics(_ result: ScenarioResult) -> [String] {
    var fields: [(String, String)] = []
    if let failure = result.failure {
      fields += [
        ("message", YAMLText.quoted(failure.message)),
        ("severity", result.status == .failed ? "fail" : "error"),
        ("file", YAMLText.quoted(failure.location.file)),
        ("line", String(failure.location.line)), ("column", String(failure.location.column)),
        ("step", String(failure.step)),
      ]
      if let action = result.failedAction { fields.append(("action", YAMLText.quoted(action))) }
      if let key = failure.key { fields.append(("key", YAMLText.quoted(key))) }
      if let expected = failure.expected { fields.append(("expected", YAMLText.quoted(expected))) }
      if let actual = failure.actual { fields.append(("found", YAMLText.quoted(actual))) }
    } else {
      fields.append(("severity", result.status == .failed ? "fail" : "error"))
    }
    fields += [("machine", YAMLText.quoted(result.machine)), ("seed", YAMLText.quoted(String(result.seed)))]
    if !result.transcript.isEmpty {
      let text = TranscriptFormatter.plain(result.transcript)
      fields.append(("transcript", YAMLText.literalBlock(text, indent: "  ") ?? YAMLText.quoted(text)))
    }
    return ["---"] + fields.map { "\($0.0): \($0.1)" } + ["..."]
  }
}
