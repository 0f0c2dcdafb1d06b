import Foundation
import Testing

/// Golden files: committed expected outputs under `Fixtures/Golden/`, compared byte for byte.
///
/// A mismatch fails with a line diff. Tests never re-record on their own: to accept a change on purpose, run the
/// tests locally with `AUTHFLOW_RECORD=1`, which rewrites the files and fails so you look at the diff before
/// committing. CI (`CI` set) never records.
enum Golden {
  static func path(_ name: String) -> String { Fixture.path("Golden/\(name)") }

  static func expectMatches(
    _ actual: String, file name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let environment = ProcessInfo.processInfo.environment
    let path = path(name)
    if environment["AUTHFLOW_RECORD"] == "1" {
      if let ci = environment["CI"], !ci.isEmpty, ci != "false" {
        Issue.record(
          "AUTHFLOW_RECORD is set in CI; golden files are only re-recorded locally",
          sourceLocation: sourceLocation)
        return
      }
      do {
        try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        Issue.record(
          "re-recorded \(name); review its diff, then run the tests again without AUTHFLOW_RECORD",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      Issue.record(
        "no golden file \(path); record it with AUTHFLOW_RECORD=1 swift test and review it",
        sourceLocation: sourceLocation)
      return
    }
    guard data != Data(actual.utf8) else { return }
    let expected = String(decoding: data, as: UTF8.self)
    Issue.record(
      """
      the output differs from the golden file \(name) (- golden, + actual):
      \(LineDiff.render(expected: expected, actual: actual))
      If the change is intended, re-record locally with AUTHFLOW_RECORD=1 swift test --filter GoldenFileTests, review the diff and commit it.
      """, sourceLocation: sourceLocation)
  }
}

/// A line diff for failure messages: changed lines with two lines of context, `-` golden, `+` actual.
enum LineDiff {
  static func render(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let operations = diff(old, new)
    let changed = operations.indices.filter { operations[$0].0 != " " }
    var shown = Set<Int>()
    for index in changed {
      for near in max(0, index - context)...min(operations.count - 1, index + context) { shown.insert(near) }
    }
    var lines: [String] = []
    var previous: Int?
    for index in shown.sorted() {
      if let previous, index > previous + 1 { lines.append("…") }
      let (mark, text) = operations[index]
      lines.append("\(mark) \(text)")
      previous = index
    }
    if lines.count > 200 { lines = Array(lines.prefix(200)) + ["… (\(lines.count - 200) more lines)"] }
    return lines.joined(separator: "\n")
  }

  /// Longest-common-subsequence edit script: `" "` kept, `"-"` only in `old`, `"+"` only in `new`.
  static func diff(_ old: [String], _ new: [String]) -> [(Character, String)] {
    guard old.count * new.count <= 4_000_000 else {
      return old.map { ("-", $0) } + new.map { ("+", $0) }
    }
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var result: [(Character, String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        result.append((" ", old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        result.append(("-", old[i]))
        i += 1
      } else {
        result.append(("+", new[j]))
        j += 1
      }
    }
    return result
  }
}
