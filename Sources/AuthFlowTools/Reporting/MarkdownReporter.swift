import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Markdown to paste into an issue or a CI job summary: a summary table, one row per scenario, then each failed
/// or errored scenario with its failure, a Mermaid sequence diagram of the flow and its transcript.
public struct MarkdownReporter: Reporter {
  /// `--report markdown`.
  public static let identifier = "markdown"
  /// What `authflow run --help` says of the format.
  public static let abstract = "tables and, per failure, a Mermaid diagram and the transcript"

  /// Detail every scenario, not only the ones that did not pass.
  public var verbose: Bool

  /// A Markdown report, with the coverage of `options` if any.
  public init(options: ReportOptions = ReportOptions()) {
    verbose = options.verbose
  }

  /// The run as a Markdown document.
  public func report(_ results: [ScenarioResult]) -> String {
    let summary = Summary(results)
    var blocks = [
      "# authflow: \(summary.line)",
      [
        MarkdownText.row(["✅ passed", "❌ failed", "⚠️ errored", "total", "time"]),
        MarkdownText.row(["---:", "---:", "---:", "---:", "---:"]),
        MarkdownText.row(
          [summary.passed, summary.failed, summary.errored, summary.total].map(String.init)
            + [Self.duration(results.reduce(0) { $0 + $1.durationSeconds })]),
      ].joined(separator: "\n"),
    ]
    if !results.isEmpty {
      let rows = results.map { result in
        MarkdownText.row([
          MarkdownTranscript.emoji(result.status), MarkdownText.inline(result.name),
          MarkdownText.code("\(result.file):\(result.location.line)"), MarkdownText.code(result.machine),
          Self.duration(result.durationSeconds),
        ])
      }
      let head = [
        MarkdownText.row(["", "scenario", "file", "machine", "time"]),
        MarkdownText.row(["---", "---", "---", "---", "---:"]),
      ]
      blocks.append((head + rows).joined(separator: "\n"))
    }
    for result in results where verbose || result.status != .passed {
      let title = "## \(MarkdownTranscript.emoji(result.status)) \(MarkdownText.inline(result.name))"
      blocks.append(title + "\n\n" + MarkdownTranscript(result: result).body(level: 3))
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// A duration a reader can compare: scenarios take well under a millisecond, so whole milliseconds
  /// (`0.000 s`, as JUnit's format has them) would say nothing. Three significant digits in the unit that
  /// fits: `420 µs`, `4.21 ms`, `1.25 s`; `0 s` for none.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds > 0 else { return "0 s" }
    let (value, unit) =
      seconds < 1e-3 ? (seconds * 1e6, "µs") : seconds < 1 ? (seconds * 1e3, "ms") : (seconds, "s")
    let decimals = value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2
    return String(format: "%.\(decimals)f \(unit)", value)
  }
}
