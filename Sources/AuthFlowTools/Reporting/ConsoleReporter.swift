import AuthFlowEngine
import AuthFlowLanguage

/// Human-readable output: one line per scenario as it finishes, the failure and transcript of each failing
/// scenario, and the summary line `N passed, N failed[, N errored]`.
public struct ConsoleReporter: Reporter {
  /// `--report console`.
  public static let identifier = "console"
  /// What `authflow run --help` says of the format.
  public static let abstract = "one line per scenario as it finishes, failures with their transcripts"

  /// ANSI colour, only on a terminal and never with `NO_COLOR`.
  public var colour: Bool
  /// Print every scenario's transcript, not only failures'.
  public var verbose: Bool

  /// A console report, in colour or not, with every transcript when `verbose`.
  public init(colour: Bool = false, verbose: Bool = false) {
    self.colour = colour
    self.verbose = verbose
  }

  /// A console report with the colour and verbosity of `options`.
  public init(options: ReportOptions) {
    self.init(colour: options.colour, verbose: options.verbose)
  }

  /// One line per scenario, each failure with its transcript, then the summary line.
  public func report(_ results: [ScenarioResult]) -> String {
    (results.map(render) + [summary(results)]).joined(separator: "\n") + "\n"
  }

  /// One scenario's block, printed as soon as it finishes.
  public func render(_ result: ScenarioResult) -> String {
    let label: String
    switch result.status {
    case .passed: label = paint("PASS ", code: "32")
    case .failed: label = paint("FAIL ", code: "31")
    case .errored: label = paint("ERROR", code: "35")
    }
    // User text is written visibly (PlainText), so it cannot add lines or drive the terminal.
    let name = PlainText.visible(result.name)
    let place =
      "\(PlainText.visible(result.file)):\(result.location.line), \(PlainText.visible(result.machine))"
    let first = "\(label) \(name)  (\(place))"
    // Most lines of a long run: a pass with nothing skipped and no transcript asked for is its one line.
    if result.status == .passed, result.failure == nil, !verbose,
      !result.steps.contains(where: { $0.status == .skipped })
    {
      return first
    }
    var lines = [first]
    if let failure = result.failure {
      lines.append("      \(failure.location): \(PlainText.visible(failure.message))")
    }
    let skipped = result.steps.filter { $0.status == .skipped }.map(\.number)
    if let first = skipped.first, let last = skipped.last {
      lines.append("      " + (first == last ? "step \(first) skipped" : "steps \(first)–\(last) skipped"))
    }
    if result.status != .passed || verbose, !result.transcript.isEmpty {
      lines.append("      transcript:")
      lines.append(TranscriptFormatter.plain(result.transcript, indent: "        "))
    }
    return lines.joined(separator: "\n")
  }

  /// The last line of a run: `N passed, N failed`.
  public func summary(_ results: [ScenarioResult]) -> String {
    let summary = Summary(results)
    return summary.failed + summary.errored == 0 ? summary.line : paint(summary.line, code: "1")
  }

  private func paint(_ text: String, code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
