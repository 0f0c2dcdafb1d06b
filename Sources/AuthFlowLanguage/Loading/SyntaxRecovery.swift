/// A file's text with the step that holds a YAML syntax error set aside, so the loader can read on and report
/// the file's other problems too, instead of stopping at the first slip.
///
/// Only a step (an item of a `steps:` list) is set aside: its first line becomes `- wait: 1s` at the same
/// indentation and its other lines become empty, so every other line keeps its number and the scenario keeps
/// its shape. What the loader then says about the set-aside lines is dropped (the syntax error already speaks
/// for them); a slip anywhere else (a top-level key, an account in `given`) is not recovered from, since
/// setting it aside would make the rest of the file report problems that are not there.
struct SyntaxRecovery {
  /// The lines set aside (1-based).
  let lines: ClosedRange<Int>
  /// The text with them set aside.
  let bytes: [UInt8]

  /// The recovery for a syntax error involving `involved` lines of `text`; nil when they are not inside a
  /// step.
  init?(setting involved: ClosedRange<Int>, asideIn text: UnsafeBufferPointer<UInt8>) {
    let lines = Lines(text)
    guard involved.lowerBound >= 1, involved.lowerBound <= lines.count,
      let step = lines.step(containing: involved.lowerBound)
    else { return nil }
    let last = max(
      lines.end(ofItemAt: step.line, indentation: step.indentation), min(involved.upperBound, lines.count))
    self.lines = step.line...last
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    for number in 1...lines.count {
      if number == step.line {
        bytes += Array(repeating: UInt8(ascii: " "), count: step.indentation)
        bytes += Array("- wait: 1s".utf8)
      } else if !self.lines.contains(number) {
        bytes += lines[number]
      }
      if number < lines.count { bytes.append(UInt8(ascii: "\n")) }
    }
    self.bytes = bytes
  }

  /// The lines of a text, without their line feeds (a carriage return before one stays, as libyaml counts it).
  private struct Lines {
    private let text: UnsafeBufferPointer<UInt8>
    private var ranges: [Range<Int>] = []

    init(_ text: UnsafeBufferPointer<UInt8>) {
      self.text = text
      var start = 0
      for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
        ranges.append(start..<index)
        start = index + 1
      }
      ranges.append(start..<text.count)
    }

    var count: Int { ranges.count }

    subscript(number: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: text[ranges[number - 1]])
    }

    /// Spaces and tabs before the first character of line `number` (a tab counted as one, as a slip would
    /// have it); nil for a blank line or a comment.
    func indentation(_ number: Int) -> Int? {
      let line = self[number]
      let blank = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
      guard blank < line.count else { return nil }
      let first = line[blank]
      return first == UInt8(ascii: "#") || first == UInt8(ascii: "\r") ? nil : blank
    }

    /// Whether line `number` is indented with spaces only.
    func indentedWithSpaces(_ number: Int) -> Bool {
      !self[number].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.contains(
        UInt8(ascii: "\t"))
    }

    /// Whether line `number` starts a block list item (`- …` or a lone `-`).
    func isItem(_ number: Int) -> Bool {
      guard let blank = indentation(number) else { return false }
      let line = self[number]
      return line[blank] == UInt8(ascii: "-")
        && (blank + 1 == line.count || line[blank + 1] == UInt8(ascii: " ")
          || line[blank + 1] == UInt8(ascii: "\r"))
    }

    /// The first line of the outermost list item holding line `number`, when that list is the value of a
    /// `steps:` key, and the indentation (in spaces) its steps have: the item's own, or a sibling's when a tab
    /// slipped into the item's.
    func step(containing number: Int) -> (line: Int, indentation: Int)? {
      var item: Int? = isItem(number) ? number : nil
      var least = indentation(number) ?? Int.max
      var sibling: Int?
      for earlier in stride(from: number - 1, through: 1, by: -1) {
        guard let blank = indentation(earlier) else { continue }
        if isItem(earlier) {
          if blank < least || (blank == least && item == nil) {
            (item, least, sibling) = (earlier, blank, nil)
          } else if blank == least, sibling == nil, indentedWithSpaces(earlier) {
            sibling = blank
          }
          continue
        }
        // A key: above the item it is the list's own key (at the item's indentation or less).
        if let item, blank <= least {
          guard self[earlier].dropFirst(blank).starts(with: Array("steps:".utf8)) else { return nil }
          if indentedWithSpaces(item) { return (item, least) }
          return (item, sibling ?? (indentedWithSpaces(earlier) ? blank + 2 : 2))
        }
        least = min(least, blank)
      }
      return nil
    }

    /// The last line of the list item starting at line `item`, whose steps are indented `indentation`: the
    /// line before the next one indented as little (or less), or the last line.
    func end(ofItemAt item: Int, indentation steps: Int) -> Int {
      var last = item
      for later in (item + 1)..<(count + 1) {
        guard let blank = indentation(later) else { continue }
        if blank <= steps { break }
        last = later
      }
      return last
    }
  }
}
