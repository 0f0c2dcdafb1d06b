/// User text (scenario names, paths, messages, what an adapter sent) made safe for a terminal or a CI log:
/// every control character is written visibly, so no text can start a new line, move the cursor, change
/// colours or pass for a CI workflow command (`::error …` at the start of a line).
package enum PlainText {
  /// `text` with line breaks, tabs, NUL, ESC and every other C0 or C1 control character, DEL, the Unicode
  /// line and paragraph separators and the bidirectional overrides written as `\n`, `\r`, `\t`, `\0` or
  /// `\u{1B}`; everything else as is.
  package static func visible(_ text: String) -> String {
    guard holdsControl(text) else { return text }
    return ScalarEscaper.escape(text) { scalar in
      switch scalar {
      case "\n": "\\n"
      case "\r": "\\r"
      case "\t": "\\t"
      case "\0": "\\0"
      case _ where isControl(scalar): "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: nil
      }
    }
  }

  /// Whether `text` holds a character ``isControl(_:)`` names (a line feed or a tab counts only when
  /// `lineBreaks` is false), read from its UTF-8 bytes in place: every name, every output line asks.
  package static func holdsControl(_ text: String, allowingLineBreaks lineBreaks: Bool = false) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { holdsControl($0, allowingLineBreaks: lineBreaks) }
      ?? text.unicodeScalars.contains { isControl($0) && !(lineBreaks && ($0 == "\n" || $0 == "\t")) }
  }

  private static func holdsControl(_ bytes: UnsafeBufferPointer<UInt8>, allowingLineBreaks lineBreaks: Bool)
    -> Bool
  {
    var index = 0
    // Eight bytes at a time while they are all printable ASCII (0x20–0x7E), as names and notes mostly are: a
    // word with a byte below 0x20, at 0x7F or above 0x7F (UTF-8) is left to the loop below, from its start.
    if let base = bytes.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let below = (word &- 0x20 &* ones) & ~word & highs
        let aboveOrAt7F = ((word &+ ones) | word) & highs
        if below | aboveOrAt7F != 0 { break }
        index += 8
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x0A, 0x09: if !lineBreaks { return true }
      case 0x00...0x1F, 0x7F: return true
      // C1 controls: U+0080–U+009F.
      case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]): return true
      // U+2028–U+202E (separators, embeddings, overrides) and U+2066–U+2069 (isolates).
      case 0xE2 where index + 2 < bytes.count:
        let (second, third) = (bytes[index + 1], bytes[index + 2])
        if second == 0x80, (0xA8...0xAE).contains(third) { return true }
        if second == 0x81, (0xA6...0xA9).contains(third) { return true }
      default: break
      }
      index += 1
    }
    return false
  }

  /// `'text'`, visible.
  package static func quoted(_ text: String) -> String { "'\(visible(text))'" }

  /// The characters `visible` rewrites: C0 controls, DEL, C1 controls, U+2028, U+2029 and the bidirectional
  /// embedding, override and isolate controls.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
