import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// SPEC 8's hostile input, each at the size the issue names: a clear `path:line:col: error:` in bounded
/// time, through the library and through the command (exit 2).
@Suite struct ScenarioLoaderHostileInputTests {
  /// Loads `text` and returns its diagnostics and how long that took.
  func load(_ text: String, file: String = "hostile.yaml") -> (diagnostics: [String], elapsed: Duration) {
    var diagnostics: [String] = []
    let elapsed = ContinuousClock().measure {
      diagnostics = ScenarioLoader().load(yaml: text, file: file).diagnostics.map(\.description)
    }
    return (diagnostics, elapsed)
  }

  /// A temporary file path, removed by `body`'s end.
  func withFile(_ name: String, _ body: (String) throws -> Void) throws {
    let directory = TestFiles.root.appendingPathComponent(
      "authflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory.appendingPathComponent(name).path)
  }

  @Test func aHundredMegabyteFileIsRefusedBySizeWithoutReadingItAll() throws {
    try withFile("huge.yaml") { path in
      // A sparse file: 100 MB long, written in no time; the loader must stop after the first 10 MiB.
      #expect(FileManager.default.createFile(atPath: path, contents: Data("scenario: x\n".utf8)))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: 100_000_000)
      try handle.close()
      let expected = "\(path):1:1: error: file is 100000000 bytes; scenario files are limited to 10 MiB"
      var diagnostics: [String] = []
      let elapsed = ContinuousClock().measure {
        diagnostics = ScenarioLoader().load(paths: [path]).diagnostics.map(\.description)
      }
      #expect(diagnostics == [expected])
      #expect(elapsed < .seconds(2))
      let run = try Authflow.run(["lint", path])
      #expect(run.status == 2)
      #expect(run.stderr.contains(expected))
    }
  }

  @Test func tenThousandLevelsOfFlowNestingAreRefused() {
    // The position is where libyaml stopped, as it reports it.
    for (open, close, column) in [("[", "]", 9), ("{a: ", "}", 4_000)] {
      let text =
        "scenario: Deep\nsteps: " + String(repeating: open, count: 10_000)
        + String(repeating: close, count: 10_000)
      let (diagnostics, elapsed) = load(text)
      #expect(
        diagnostics == [
          "hostile.yaml:2:\(column): error: invalid YAML: nested more than 1000 levels deep"
            + " (while parsing at line 2, column \(column))"
        ])
      #expect(elapsed < .seconds(2))
    }
  }

  @Test func tenThousandLevelsOfBlockNestingAreRefused() {
    // Indenting 10,000 levels would take 50 MB; compact block sequences (`- - - x`) nest on one line.
    let text = "scenario: Deep\nsteps:\n  " + String(repeating: "- ", count: 10_000) + "x\n"
    let (diagnostics, elapsed) = load(text)
    #expect(
      diagnostics == [
        "hostile.yaml:3:1999: error: invalid YAML: nested more than 1000 levels deep"
          + " (while parsing at line 3, column 1999)"
      ])
    #expect(elapsed < .seconds(2))
  }

  @Test func aBillionLaughsBombIsRefusedWithoutBeingExpanded() {
    // Nine levels of ten aliases each name 10^9 strings: a billion laughs.
    var lines = ["  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in 1...9 {
      lines.append(
        "  l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
          + "]")
    }
    let text =
      "scenario: Bomb\nvars:\n\(lines.joined(separator: "\n"))\nsteps:\n  - expect:\n      ui: { a: *l9 }\n"
    let (diagnostics, elapsed) = load(text)
    #expect(elapsed < .seconds(5))
    // Nothing expands the bomb: each list is refused where a string is expected, at its anchor (an alias is
    // the anchored node itself).
    let refused = (0...8).map { "hostile.yaml:\($0 + 3):7: error: 'l\($0)' must be a string, found a list" }
    #expect(
      diagnostics == refused + [
        "hostile.yaml:12:7: error: 'a' must be a value, found a list",
        "hostile.yaml:12:7: error: 'l9' must be a string, found a list",
      ])
  }

  @Test func moreThanAThousandDocumentsAreRefusedAtTheFirstOneTooMany() {
    let text = String(repeating: "scenario: S\nsteps: [launch]\n---\n", count: 1_001)
    let (diagnostics, elapsed) = load(text)
    #expect(
      diagnostics.last
        == "hostile.yaml:3001:1: error: too many YAML documents; a scenario file holds at most 1000")
    #expect(elapsed < .seconds(10))
  }

  @Test func moreThanTenThousandStepsAreRefused() {
    let text = "scenario: Long\nsteps:\n" + String(repeating: "  - launch\n", count: 10_001)
    let (diagnostics, elapsed) = load(text)
    #expect(diagnostics == ["hostile.yaml:3:3: error: too many steps (10001); a scenario has at most 10000"])
    #expect(elapsed < .seconds(10))
  }

  @Test func invalidUTF8AndNULBytesExitTwoWithTheirPosition() throws {
    let cases: [(bytes: [UInt8], expected: String)] = [
      (
        Array("scenario: caf".utf8) + [0xC3, 0x28] + Array("\nsteps: [launch]\n".utf8),
        ":1:14: error: invalid UTF-8 (byte 0xC3); scenario files must be UTF-8 text"
      ),
      (
        Array("scenario: x\nsteps: [la".utf8) + [0] + Array("unch]\n".utf8),
        ":2:11: error: NUL byte in file; scenario files must be text"
      ),
    ]
    for (index, item) in cases.enumerated() {
      try withFile("bad\(index).yaml") { path in
        try Data(item.bytes).write(to: URL(fileURLWithPath: path))
        #expect(ScenarioLoader().load(paths: [path]).diagnostics.map(\.description) == [path + item.expected])
        let run = try Authflow.run(["run", path])
        #expect(run.status == 2)
        #expect(run.stderr.contains(path + item.expected))
      }
    }
  }
}
