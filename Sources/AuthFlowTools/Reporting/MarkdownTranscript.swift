import AuthFlowEngine
import AuthFlowLanguage

/// One scenario as Markdown, what people paste into an issue: its header, status, failure (step,
/// `file:line:col`, expected and found), a Mermaid sequence diagram of the flow, and the transcript.
///
/// `--transcripts DIR` writes one per scenario; the Markdown report uses its sections for each failure. Durations
/// are left out, so the same scenario, machine and seed give the same file byte for byte.
struct MarkdownTranscript {
  var result: ScenarioResult

  /// The whole document, with the scenario's name as its title.
  var document: String {
    "# \(MarkdownTranscript.emoji(result.status)) \(MarkdownText.inline(result.name))\n\n" + body(level: 2)
      + "\n"
  }

  /// Everything below the title; section headings at `level`.
  func body(level: Int) -> String {
    let heading = String(repeating: "#", count: level)
    var blocks = [header]
    if let failure = failureBlock { blocks.append(failure) }
    if let diagram = MermaidDiagram(transcript: result.transcript).source {
      blocks.append("\(heading) Flow\n\n" + MarkdownText.fenced(diagram, info: "mermaid"))
    }
    if !result.transcript.isEmpty {
      blocks.append(
        "\(heading) Transcript\n\n" + MarkdownText.fenced(TranscriptFormatter.plain(result.transcript)))
    }
    return blocks.joined(separator: "\n\n")
  }

  static func emoji(_ status: ScenarioResult.Status) -> String {
    switch status {
    case .passed: "✅"
    case .failed: "❌"
    case .errored: "⚠️"
    }
  }

  /// Status, file, machine and seed, tags, the bug it reproduces.
  private var header: String {
    var lines = [
      "- **Status:** \(result.status.rawValue)",
      "- **File:** \(MarkdownText.code("\(result.file):\(result.location.line)"))",
      "- **Machine:** \(MarkdownText.code(result.machine)), seed \(result.seed)",
    ]
    if !result.tags.isEmpty {
      lines.append("- **Tags:** " + result.tags.map(MarkdownText.code).joined(separator: ", "))
    }
    if let reproduces = result.reproduces {
      lines.append("- **Reproduces:** \(MarkdownText.link(reproduces))")
    }
    return lines.joined(separator: "\n")
  }

  /// Where and why it failed, what was expected and found, and which steps were skipped.
  private var failureBlock: String? {
    guard result.status != .passed, let failure = result.failure else { return nil }
    let verb = result.status == .failed ? "Failed" : "Errored"
    var lines = [
      "**\(verb) \(result.failedStepLabel ?? "at step \(failure.step)")**, "
        + "\(MarkdownText.code(failure.location.description)):",
      "",
      "> \(MarkdownText.code(failure.message))",
    ]
    if failure.expected != nil || failure.actual != nil {
      lines += [
        "",
        MarkdownText.row(["key", "expected", "found"]),
        MarkdownText.row(["---", "---", "---"]),
        MarkdownText.row(
          [failure.key, failure.expected, failure.actual].map { MarkdownText.code($0 ?? "") }),
      ]
    }
    let skipped = result.steps.filter { $0.status == .skipped }.map(\.number)
    if let first = skipped.first, let last = skipped.last {
      lines += ["", first == last ? "Step \(first) was skipped." : "Steps \(first)–\(last) were skipped."]
    }
    return lines.joined(separator: "\n")
  }
}
