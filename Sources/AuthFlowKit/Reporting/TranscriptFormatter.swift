/// Renders transcripts as aligned plain text: time, actor, what happened. Reads well pasted into an issue,
/// inside a code block.
public enum TranscriptFormatter {
  public static func plain(_ entries: [TranscriptEntry], indent: String = "") -> String {
    let width = entries.map(\.actor.count).max() ?? 0
    return entries.map { entry in
      let padding = String(repeating: " ", count: width - entry.actor.count)
      return "\(indent)\(entry.time)  \(entry.actor)\(padding)  \(entry.text)"
    }.joined(separator: "\n")
  }
}
