import AuthFlowEngine
import AuthFlowLanguage

/// Renders transcripts as aligned plain text: time, actor, what happened. Reads well pasted into an issue,
/// inside a code block.
public enum TranscriptFormatter {
  /// The entries as text, one `[time] actor: text` line each, every line after `indent`; the actors' column is
  /// at least `actorWidth` wide (so lines printed apart, step by step, still line up).
  public static func plain(_ entries: [TranscriptEntry], indent: String = "", actorWidth: Int = 0) -> String {
    // Each entry on one line: control characters in what a machine or adapter reported are written visibly.
    let actors = entries.map { PlainText.visible($0.actor) }
    let widths = actors.map(\.count)
    let width = max(widths.max() ?? 0, actorWidth)
    let texts = entries.map { PlainText.visible($0.text) }
    // One buffer of bytes made once at its final size, then one string: a failing scenario's transcript is a
    // few thousand bytes, and building each line on its own, then joining them, grew and copied every one of
    // them several times (appending to a `String` checks where characters meet; bytes need not).
    let indent = Array(indent.utf8)
    var size = entries.count * (indent.count + 20 + 2 + width + 2 + 1)
    for (actor, text) in zip(actors, texts) { size += actor.utf8.count + text.utf8.count }
    var output: [UInt8] = []
    output.reserveCapacity(size)
    // Lines of one moment share its time, written once.
    var time: (value: VirtualTime, text: [UInt8])?
    for index in entries.indices {
      if index > 0 { output.append(0x0A) }
      output += indent
      if time?.value != entries[index].time {
        time = (entries[index].time, Array(entries[index].time.description.utf8))
      }
      output += time?.text ?? []
      output += "  ".utf8
      output += actors[index].utf8
      output += repeatElement(0x20, count: width - widths[index])
      output += "  ".utf8
      output += texts[index].utf8
    }
    return String(decoding: output, as: UTF8.self)
  }
}
