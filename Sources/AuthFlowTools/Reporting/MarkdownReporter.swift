import AuthFlowEngine
import AuthFlowLanguage

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
            + [seconds(results.totalMilliseconds)]),
      ].joined(separator: "\n"),
    ]
    if !results.isEmpty {
      let rows = results.map { result in
        MarkdownText.row([
          MarkdownTranscript.emoji(result.status), MarkdownText.inline(result.name),
          MarkdownText.code("\(result.file):\(result.location.line)"), MarkdownText.code(result.machine),
          seconds(result.milliseconds),
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

  private func seconds(_ milliseconds: Int64) -> String {
    "\(ReportDuration.text(milliseconds: milliseconds)) s"
  }
}
