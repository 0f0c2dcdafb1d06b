/// A file's text with the part that holds a YAML syntax error set aside, so the loader can read on and report
/// the file's other problems too, instead of stopping at the first slip.
///
/// A step (an item of a `steps:` list) is set aside alone: its first line becomes `- wait: 1s` at the same
/// indentation and its other lines become empty, so every other line keeps its number and the scenario keeps
/// its shape. A slip anywhere else sets aside the whole top-level entry that holds it (`given:`, `backend:`, a
/// line such as `scenario: …`), its lines made empty. What the loader then says about the set-aside lines is
/// dropped (the syntax error already speaks for them), and so is, after an entry was set aside, every problem
/// its absence may cause (``mayStemFromTheGap(_:)``): a missing key, an account id, device or variable that is
/// not declared. The rest of the file is checked; nothing is reported that is not there.
struct SyntaxRecovery {
  /// The lines set aside (1-based).
  let lines: ClosedRange<Int>
  /// The text with them set aside.
  let bytes: [UInt8]
  /// The keys of the top-level entries set aside; empty when a step was.
  let keys: Set<String>

  /// The recovery for a syntax error involving `involved` lines of `text`: the step that holds them, or the
  /// top-level entries they span; nil when they are in neither (a document marker, a flow-style document).
  init?(setting involved: ClosedRange<Int>, asideIn text: UnsafeBufferPointer<UInt8>) {
    let lines = Lines(text)
    guard involved.lowerBound >= 1, involved.lowerBound <= lines.count else { return nil }
    let upper = min(involved.upperBound, lines.count)
    var first: (line: Int, text: [UInt8])?
    if let step = lines.step(containing: involved.lowerBound) {
      // The slip's own line and what is indented under it (an `expect:` written at the dash, and its checks).
      let last = max(
        lines.end(ofItemAt: step.line, indentation: step.indentation), lines.end(ofBlockAt: upper))
      self.lines = step.line...last
      first = (
        step.line, Array(repeating: UInt8(ascii: " "), count: step.indentation) + Array("- wait: 1s".utf8)
      )
      keys = []
    } else if let start = lines.entry(containing: involved.lowerBound),
      let end = lines.entry(containing: upper).map({ lines.end(ofEntryAt: $0) }), end >= start
    {
      self.lines = start...end
      keys = Set((start...end).compactMap(lines.key(at:)))
    } else {
      return nil
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    for number in 1...lines.count {
      if let first, number == first.line {
        bytes += first.text
      } else if !self.lines.contains(number) {
        bytes += lines[number]
      }
      if number < lines.count { bytes.append(UInt8(ascii: "\n")) }
    }
    self.bytes = bytes
  }

  /// Whether the rest of the file may report `problem` only because the set-aside entries are missing: a key
  /// they were, or a name they declared (an account id or identity provider in `given`, a device in
  /// `devices`, a variable in `vars` or `matrix`). Always false after a step was set aside: a step declares
  /// nothing.
  func mayStemFromTheGap(_ problem: LoadProblem) -> Bool {
    guard !keys.isEmpty else { return false }
    switch problem {
    case .noScenario: return true
    case .missingKey(let key): return keys.contains(key)
    case .missingOneOfKeys(let wanted): return !keys.isDisjoint(with: wanted)
    case .unknownDevice: return keys.contains("devices")
    case .undefinedVariable: return keys.contains("vars") || keys.contains("matrix")
    case .identityProviderHasNoAccounts: return keys.contains("given")
    case .unknownName(let kind, _, _, _): return kind == "account id" && keys.contains("given")
    default: return false
    }
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
          // The steps' indentation is the first step's, unless that is the slip (or a tab slipped into it).
          let first = ((earlier + 1)..<item).first { indentation($0) != nil }
          if let first, isItem(first), indentedWithSpaces(first), let steps = indentation(first),
            steps > blank
          {
            return (item, steps)
          }
          if indentedWithSpaces(item) { return (item, least) }
          return (item, sibling ?? (indentedWithSpaces(earlier) ? blank + 2 : 2))
        }
        least = min(least, blank)
      }
      return nil
    }

    /// Whether line `number` is a document marker or directive (`---`, `...`, `%YAML`).
    func isMarker(_ number: Int) -> Bool {
      let line = self[number]
      for marker in ["---", "..."] where line.starts(with: Array(marker.utf8)) {
        let rest = line.dropFirst(3)
        if rest.isEmpty || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(rest.first) {
          return true
        }
      }
      return line.first == UInt8(ascii: "%")
    }

    /// The key a top-level entry starting at line `number` writes (`given` for `given:`), unquoted; for a line
    /// without a colon, its first word (`tags` for `tags [a]`, the slip that set it aside); nil for any other
    /// line.
    func key(at number: Int) -> String? {
      guard indentation(number) == 0, !isItem(number), !isMarker(number) else { return nil }
      let line = self[number]
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        let word = line.prefix {
          ![UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "{"), 0x09, 0x0D].contains($0)
        }
        return word.isEmpty ? nil : String(decoding: word, as: UTF8.self)
      }
      let quotes = [UInt8(ascii: "\""), UInt8(ascii: "'")]
      var key = line[..<colon].drop { quotes.contains($0) }
      while let last = key.last, quotes.contains(last) || last == UInt8(ascii: " ") { key = key.dropLast() }
      return String(decoding: key, as: UTF8.self)
    }

    /// The first line of the top-level entry holding line `number`: the nearest line at or above it that
    /// starts at the left margin and is neither a list item (a list may sit at its key's indentation) nor a
    /// document marker; nil when a marker comes first.
    func entry(containing number: Int) -> Int? {
      for line in stride(from: number, through: 1, by: -1) {
        guard indentation(line) == 0 else { continue }
        if isMarker(line) { return nil }
        if !isItem(line) { return line }
      }
      return nil
    }

    /// The last line of the top-level entry starting at line `entry`: the line before the next one that
    /// starts at the left margin and is not a list item, or the last line.
    func end(ofEntryAt entry: Int) -> Int {
      var last = entry
      for later in (entry + 1)..<(count + 1) {
        guard let blank = indentation(later) else { continue }
        if blank == 0, !isItem(later) { break }
        last = later
      }
      return last
    }

    /// The last line of what line `number` starts: the lines after it indented further than its content (than
    /// its key, or than what follows the dash of a list item), or line `number` itself.
    func end(ofBlockAt number: Int) -> Int {
      guard number <= count, let blank = indentation(number) else { return number }
      return end(ofItemAt: number, indentation: isItem(number) ? blank + 2 : blank)
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
