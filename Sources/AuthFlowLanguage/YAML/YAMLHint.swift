/// What to change, for the YAML slips every newcomer makes, where libyaml's own message names only the symptom.
///
/// Each hint is read from the problem and the lines around it; none guesses when the lines do not show the slip.
enum YAMLHint {
  /// A hint for `problem` (libyaml's wording) at `column` (1-based) of `line`, the line before it being
  /// `previous`; nil when the lines do not show a known slip.
  static func hint(
    problem: String, context: String?, line: Substring, previous: Substring?, itemAbove: Substring? = nil,
    column: Int
  ) -> String? {
    let offending = line.dropFirst(max(0, column - 1)).first
    if offending == "\t" || (problem.contains("cannot start any token") && line.contains("\t")) {
      return "a tab: YAML indents with spaces only"
    }
    let inFlow = (context ?? "").contains("flow mapping") || (context ?? "").contains("flow sequence")
    if line.contains("${"), inFlow || problem.contains("flow") {
      return "a ${…} inside { … } or [ … ] must be quoted: write \"${name}\""
    }
    // `expect:` (or another key of the step) on the line after `- action: …`, not indented as far as the action:
    // at the dash, left of it, or further in than the action's flow-style arguments allow.
    if problem.hasPrefix("did not find expected") || problem.contains("mapping values are not allowed"),
      let previous, let action = stepAction(previous),
      let key = leadingKey(line), indentation(line) != indentation(previous) + 2
    {
      let column = indentation(previous) + 2
      return
        "'\(key)' belongs to the step '- \(action)': indent it as far as '\(action)' (column \(column + 1))"
    }
    // A list item one or two spaces off the items above it: libyaml finds a mapping key or a '-' missing.
    if problem.hasPrefix("did not find expected"), let above = itemAbove ?? previous, isItem(line),
      isItem(above),
      indentation(line) != indentation(above)
    {
      return
        "this item starts in column \(indentation(line) + 1) and the item above it in column "
        + "\(indentation(above) + 1): the items of one list start in the same column"
    }
    if problem.contains("mapping values are not allowed") {
      if let previous, let item = bareListItem(previous), indentation(line) > indentation(previous) {
        return "'- \(item)' has no ':', so the indented line below cannot belong to it: write '- \(item):'"
      }
      if line.drop(while: { $0 == " " || $0 == "-" }).contains(": "), line.filter({ $0 == ":" }).count > 1 {
        return "a value that holds ': ' must be quoted"
      }
    }
    return nil
  }

  /// For a key libyaml found no colon after (`tags [a]`, `steps` alone): which word wants one. Only a word
  /// shaped like the language's keys (lowercase letters and `_`) is quoted: a line that is something else may
  /// be a value, a password even.
  static func missingColon(in line: Substring, column: Int) -> String {
    let word = line.dropFirst(max(0, column - 1)).prefix { !" \t[{".contains($0) }
    guard !word.isEmpty, word.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" }) else {
      return "a key needs ':' after it"
    }
    return "'\(word)' has no ':' after it: write '\(word):'"
  }

  /// `sign_in` for a line `  - sign_in: { … }` or `  - sign_in:` (a step whose action takes a value).
  private static func stepAction(_ line: Substring) -> Substring? {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("- ") else { return nil }
    let rest = trimmed.dropFirst(2).drop { $0 == " " }
    let name = rest.prefix { ("a"..."z").contains($0) || $0 == "_" }
    return !name.isEmpty && rest.dropFirst(name.count).hasPrefix(":") ? name : nil
  }

  /// `expect` for a line `  expect: …`: a key shaped like the language's, written first on its line.
  private static func leadingKey(_ line: Substring) -> Substring? {
    let rest = line.drop { $0 == " " }
    let name = rest.prefix { ("a"..."z").contains($0) || $0 == "_" }
    return !name.isEmpty && rest.dropFirst(name.count).hasPrefix(":") ? name : nil
  }

  /// Whether a line is a block list item (`- …`, or a lone `-`).
  private static func isItem(_ line: Substring) -> Bool {
    let trimmed = line.drop { $0 == " " }
    return trimmed == "-" || trimmed.hasPrefix("- ")
  }

  /// `sign_out` for a line `  - sign_out` (a list item that is a plain name, no colon).
  private static func bareListItem(_ line: Substring) -> Substring? {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("- ") else { return nil }
    let item = trimmed.dropFirst(2).drop { $0 == " " }
    guard !item.isEmpty, item.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    return item
  }

  private static func indentation(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }

  /// The nearest list item above line `number` (0-based) of `bytes` that could be its sibling: lines indented
  /// further than it (an `expect:` under the step above, a nested list's items) are passed over, and a key
  /// indented as little as it ends the search (the list's own key); nil when there is none.
  static func itemAbove(_ number: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Substring? {
    let lines = Lines(bytes, through: number)
    guard number > 0, number < lines.count else { return nil }
    let own = indentation(lines[number])
    for index in stride(from: number - 1, through: 0, by: -1) {
      let text = lines[index]
      let content = text.drop { $0 == " " }
      guard !content.isEmpty, !content.hasPrefix("#") else { continue }
      let blank = indentation(text)
      if isItem(text) {
        if blank <= own + 2 { return text }
      } else if blank <= own {
        return nil
      }
    }
    return nil
  }

  /// Line `number` (0-based) of `bytes` and the line before it, decoded leniently.
  static func lines(_ number: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Substring, Substring?) {
    let lines = Lines(bytes, through: number)
    return (lines[number], number > 0 ? lines[number - 1] : nil)
  }

  /// The first lines of a text, up to a given one, each decoded leniently when asked for (at most 4 KiB of it).
  private struct Lines {
    let bytes: UnsafeBufferPointer<UInt8>
    private var starts = [0]

    init(_ bytes: UnsafeBufferPointer<UInt8>, through number: Int) {
      self.bytes = bytes
      for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
        starts.append(index + 1)
        if starts.count > number + 1 { break }
      }
    }

    var count: Int { starts.count }

    /// Line `index` (0-based); empty past the last.
    subscript(index: Int) -> Substring {
      guard index >= 0, index < starts.count else { return "" }
      let start = starts[index]
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), end - start < 4_096 { end += 1 }
      return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }
  }
}
