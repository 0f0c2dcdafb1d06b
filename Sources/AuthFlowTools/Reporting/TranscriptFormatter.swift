import AuthFlowEngine
import AuthFlowLanguage

/// Renders transcripts as aligned plain text: time, actor, what happened. Reads well pasted into an issue,
/// inside a code block.
public enum TranscriptFormatter {
  /// The entries as text, one `[time] actor: text` line each, every line after `indent`.
  public static func plain(_ entries: [TranscriptEntry], indent: String = "") -> String {
    // Each entry on one line: control characters in what a machine or adapter reported are written visibly.
    let actors = entries.map { PlainText.visible($0.actor) }
    let width = actors.map(\.count).max() ?? 0
    return zip(entries, actors).map { entry, actor in
      let padding = String(repeating: " ", count: width - actor.count)
      return "\(indent)\(entry.time)  \(actor)\(padding)  \(PlainText.visible(entry.text))"
    }.joined(separator: "\n")
  }
}
