import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Files, directories, raw bytes and hostile input.
@Suite struct ScenarioLoaderInputTests {
  /// A fresh temporary directory holding `files` (relative path → contents), removed by `body`'s end.
  func withDirectory(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let root = TestFiles.root.appendingPathComponent("authflow-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, contents) in files {
      let url = URL(fileURLWithPath: root).appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
    try body(root)
  }

  static func scenario(_ name: String) -> String { "scenario: \(name)\nsteps: [launch]\n" }

  @Test func expandsDirectoriesInPathOrder() throws {
    let files = [
      "b.yaml": Self.scenario("b"),
      "a/z.yml": Self.scenario("a/z"),
      "a-c.yaml": Self.scenario("a-c") + "---\n" + Self.scenario("a-c second"),
      "notes.txt": "not: a scenario",
      "sub/deep/x.yaml": Self.scenario("sub/deep/x"),
      "empty/.keep": "",
    ]
    try withDirectory(files) { root in
      let result = ScenarioLoader().load(paths: [root + "/"])
      #expect(result.diagnostics == [])
      #expect(result.scenarios.map(\.name) == ["a-c", "a-c second", "a/z", "b", "sub/deep/x"])
      #expect(result.scenarios.first?.file == root + "/a-c.yaml")
      #expect(result.scenarios.last?.file == root + "/sub/deep/x.yaml")

      let empty = ScenarioLoader().load(paths: [root + "/empty"])
      #expect(empty.scenarios.isEmpty && empty.diagnostics.isEmpty)
    }
  }

  /// A link named like a scenario file that leads nowhere cannot be read: an error naming it, not a file skipped.
  @Test func followsLinksToFilesButNotIntoDirectoriesAndCountsHiddenFiles() throws {
    let files = ["real/a.yaml": Self.scenario("a"), ".hidden.yaml": Self.scenario("hidden")]
    try withDirectory(files) { root in
      let manager = FileManager.default
      try manager.createSymbolicLink(atPath: root + "/link.yaml", withDestinationPath: root + "/real/a.yaml")
      try manager.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
      try manager.createSymbolicLink(atPath: root + "/dangling.yaml", withDestinationPath: root + "/nowhere")
      let result = ScenarioLoader().load(paths: [root])
      #expect(result.diagnostics.count == 1)
      #expect(result.diagnostics.first?.location.file == root + "/dangling.yaml")
      #expect(result.diagnostics.first?.message.hasSuffix("': no such file or directory") == true)
      #expect(
        result.scenarios.map(\.file) == [root + "/.hidden.yaml", root + "/link.yaml", root + "/real/a.yaml"])
    }
  }

  @Test func readsDevicesAndPipesGivenByName() throws {
    // `/dev/null` reads as an empty file; a pipe (as `<(…)` passes one) is read to its end.
    let null = ScenarioLoader().load(paths: ["/dev/null"])
    #expect(null.diagnostics.map(\.problem) == [.noScenario])
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data(Self.scenario("piped").utf8))
    try pipe.fileHandleForWriting.close()
    let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
    #expect(ScenarioLoader().load(paths: [path]).scenarios.map(\.name) == ["piped"])
  }

  @Test func readsExplicitFilesWhateverTheirExtensionAndReportsMissingOnes() throws {
    try withDirectory(["flow.txt": Self.scenario("txt"), "bad.yaml": "scenario: Bad\nsteps: [lanch]\n"]) {
      root in
      let result = ScenarioLoader().load(paths: [root + "/flow.txt", "missing.yaml", root + "/bad.yaml"])
      #expect(result.scenarios.map(\.name) == ["txt"])
      #expect(
        result.diagnostics.map(\.description).sorted()
          == [
            "\(root)/bad.yaml:2:9: error: unknown action 'lanch'; did you mean 'launch'?",
            "missing.yaml:1:1: error: no such file or directory: 'missing.yaml'",
          ].sorted())
      #expect(result.diagnostics == result.diagnostics.sorted())
    }
  }

  @Test func aMissingFileNamesAScenarioFileBesideItWhoseNameIsClose() throws {
    try withDirectory(["01-verify.yaml": Self.scenario("one"), "notes.txt": "not a scenario"]) { root in
      let near = ScenarioLoader().load(paths: [root + "/01-verfy.yaml"])
      #expect(
        near.diagnostics.map(\.problem) == [
          .noSuchFile(path: root + "/01-verfy.yaml", suggestion: root + "/01-verify.yaml")
        ])
      #expect(
        LoadProblem.noSuchFile(path: "01-verfy.yaml", suggestion: "01-verify.yaml").message
          == "no such file or directory: '01-verfy.yaml'; did you mean '01-verify.yaml'?")
      // Nothing close (a text file is no scenario file): no suggestion.
      let far = ScenarioLoader().load(paths: [root + "/notes.yaml", root + "/sign-up.yaml"])
      #expect(
        far.diagnostics.map(\.problem) == [
          .noSuchFile(path: root + "/notes.yaml"), .noSuchFile(path: root + "/sign-up.yaml"),
        ])
    }
  }

  @Test func refusesInvalidUTF8AtTheFirstBadByte() {
    let bytes = Array("scenario: Café\nsteps: [lau".utf8) + [0xFF] + Array("nch]\n".utf8)
    let result = ScenarioLoader().load(bytes: bytes, file: "bad.yaml")
    #expect(result.scenarios.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "bad.yaml:2:12: error: invalid UTF-8 (byte 0xFF); scenario files must be UTF-8 text"
      ])
    let truncated = ScenarioLoader().load(bytes: Array("scenario: é".utf8.dropLast()), file: "t.yaml")
    #expect(
      truncated.diagnostics.map(\.description) == [
        "t.yaml:1:11: error: invalid UTF-8 (byte 0xC3); scenario files must be UTF-8 text"
      ])
  }

  @Test func skipsAByteOrderMark() {
    let yaml = MarkedYAML("scenario: BOM\nsteps: [1️⃣lanch]\n")
    let expected = [yaml.error("1️⃣", "unknown action 'lanch'; did you mean 'launch'?")]
    #expect(
      ScenarioLoader().load(yaml: "\u{FEFF}" + yaml.text, file: yaml.file).diagnostics.map(\.description)
        == expected)
    let bytes = [0xEF, 0xBB, 0xBF] + Array(yaml.text.utf8)
    #expect(ScenarioLoader().load(bytes: bytes, file: yaml.file).diagnostics.map(\.description) == expected)
    let fixed = "\u{FEFF}scenario: BOM\nsteps: [launch]\n"
    #expect(ScenarioLoader().load(bytes: Array(fixed.utf8), file: "b.yaml").scenarios.map(\.name) == ["BOM"])
  }

  @Test func refusesNULBytesAndControlCharacters() {
    let nul = MarkedYAML("scenario: A\nsteps: [1️⃣\u{0}]\n")
    #expect(
      nul.load().diagnostics.map(\.description) == [
        nul.error("1️⃣", "NUL byte in file; scenario files must be text")
      ])
    let fromBytes = ScenarioLoader().load(bytes: Array(nul.text.utf8), file: nul.file)
    #expect(
      fromBytes.diagnostics.map(\.description) == [
        nul.error("1️⃣", "NUL byte in file; scenario files must be text")
      ])

    let bell = MarkedYAML("scenario: Ünïcödé 1️⃣\u{7}\nsteps: [launch]\n")
    #expect(
      bell.load().diagnostics.map(\.description) == [
        bell.error("1️⃣", "control character U+0007 is not allowed in YAML")
      ])
  }

  @Test func refusesFilesOverTenMebibytes() throws {
    let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: ScenarioLoader.maximumFileSize + 1)
    let expected = "big.yaml:1:1: error: file is 10485761 bytes; scenario files are limited to 10 MiB"
    #expect(
      ScenarioLoader().load(bytes: bytes, file: "big.yaml").diagnostics.map(\.description) == [expected])
    try withDirectory(["big.yaml": String(decoding: bytes, as: UTF8.self)]) { root in
      let result = ScenarioLoader().load(paths: [root + "/big.yaml"])
      #expect(result.diagnostics.map(\.description) == [root + "/" + expected])
    }
  }

  @Test func staysCheapOnAnAliasBombInAValue() {
    var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in 1...9 {
      lines.append(
        "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
          + "]")
    }
    let yaml = MarkedYAML(
      "scenario: Bomb\nvars:\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\nsteps:\n  - tap: *a9\n"
    )
    let clock = ContinuousClock()
    var diagnostics: [String] = []
    let elapsed = clock.measure { diagnostics = yaml.load().diagnostics.map(\.description) }
    #expect(elapsed < .seconds(2))
    // An alias is the anchored node itself, so the problem shows where the anchor is defined.
    #expect(diagnostics.last == "test.yaml:12:7: error: 'tap' must be a name, found a list")
  }

  @Test func readsAliasesOfTheirOwnDocumentOnly() {
    let yaml = MarkedYAML(
      """
      scenario: Anchored
      vars: { who: &who ada@example.com }
      steps:
        - sign_in: { email: *who, password: pw }
      ---
      scenario: Elsewhere
      steps:
        - sign_in: { email: 1️⃣*who, password: pw }
      """)
    let result = yaml.load()
    #expect(result.scenarios.map(\.name) == ["Anchored"])
    #expect(result.diagnostics.map(\.description) == [yaml.error("1️⃣", "invalid YAML: found undefined alias")])
  }

  @Test func refusesAliasBombsUsedAsKeys() {
    var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in 1...8 {
      lines.append(
        "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
          + "]")
    }
    let yaml = MarkedYAML(lines.joined(separator: "\n") + "\n1️⃣*a8 : boom\n")
    let clock = ContinuousClock()
    var diagnostics: [String] = []
    let elapsed = clock.measure { diagnostics = yaml.load().diagnostics.map(\.description) }
    #expect(elapsed < .seconds(2))
    #expect(
      diagnostics == [
        yaml.error(
          "1️⃣",
          "unsupported mapping key: keys must be plain names (an alias, '?' or a collection as a key is not"
            + " read when the file also defines anchors)")
      ])
  }

  @Test func boundsTheWorkOfAliasesRepeatedAcrossSteps() {
    let ui = (0..<2_000).map { "a\($0): x" }.joined(separator: ", ")
    let text =
      "scenario: Amplified\nsteps:\n  - expect: &e\n      ui: {\(ui)}\n"
      + String(repeating: "  - expect: *e\n", count: 999)
    let clock = ContinuousClock()
    var result = LoadResult()
    let elapsed = clock.measure { result = ScenarioLoader().load(yaml: text, file: "amp.yaml") }
    // Unbounded work would take minutes; the debug build needs 1-3 s here, more with both cores busy.
    #expect(elapsed < .seconds(20))
    #expect(result.scenarios.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "amp.yaml:503:5: error: file holds more than 1000000 values (counting each use of an alias, every "
          + "combination of a matrix and the steps of each flow every time it is used); split it into smaller files"
      ])
  }

  @Test func boundsTheTextVariablesAdd() {
    let big = String(repeating: "x", count: 100_000)
    let text =
      "scenario: Expanded\nvars: { big: \(big) }\nsteps:\n"
      + String(repeating: "  - tap: \"" + String(repeating: "${big}", count: 10) + "\"\n", count: 200)
    let clock = ContinuousClock()
    var result = LoadResult()
    let elapsed = clock.measure { result = ScenarioLoader().load(yaml: text, file: "vars.yaml") }
    #expect(elapsed < .seconds(5))
    #expect(
      result.diagnostics.map(\.description) == [
        "vars.yaml:14:10: error: variables add more than 10 MiB of text to this file;"
          + " use shorter values or fewer of them"
      ])
  }

  @Test func checksLongListsInLinearTime() {
    let count = 20_000
    let accounts = (0..<count).map { "    - {email: user\($0)@example.com}" }.joined(separator: "\n")
    let devices = (0..<count).map { "d\($0)" }.joined(separator: ", ")
    let signedIn = (0..<count).map { "    d\($0): user\($0)@example.com" }.joined(separator: "\n")
    let text =
      "scenario: Crowd\ndevices: [\(devices)]\ngiven:\n  accounts:\n\(accounts)\n  signed_in:\n\(signedIn)\n"
      + "steps: [launch]\n"
    let clock = ContinuousClock()
    var result = LoadResult()
    let elapsed = clock.measure { result = ScenarioLoader().load(yaml: text, file: "crowd.yaml") }
    #expect(elapsed < .seconds(10))
    #expect(result.diagnostics == [])
    #expect(result.scenarios.first?.given.signedIn.count == count)
  }

  @Test func keepsTheFirstThousandProblemsOfADocument() {
    let text = "scenario: Typos\nsteps:\n" + String(repeating: "  - lanch\n", count: 1_500)
    let diagnostics = ScenarioLoader().load(yaml: text, file: "typos.yaml").diagnostics
    #expect(diagnostics.count == 1_001)
    #expect(
      diagnostics.first?.description
        == "typos.yaml:3:5: error: unknown action 'lanch'; did you mean 'launch'?")
    #expect(
      diagnostics.last?.description
        == "typos.yaml:1003:5: error: more than 1000 problems in this scenario; the rest are not reported")
  }

  @Test func readsAnchorsAndAliasesUsedAsValues() throws {
    let result = MarkedYAML(
      """
      scenario: Anchors
      steps:
        - expect: &home { state: signedIn, screen: home }
        - sign_out
        - expect: *home
      """
    ).load()
    #expect(result.diagnostics == [])
    let steps = try #require(result.scenarios.first?.steps)
    #expect(steps[2].expectations.map(\.check) == [.state(.signedIn), .screen("home")])
  }

  @Test func refusesDeepNestingWithoutCrashing() {
    let deep =
      "scenario: Deep\nsteps: " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
    let result = ScenarioLoader().load(yaml: deep, file: "deep.yaml")
    #expect(result.scenarios.isEmpty)
    #expect(
      result.diagnostics.map(\.description) == [
        "deep.yaml:2:9: error: invalid YAML: nested more than 1000 levels deep (while parsing at line 2, column 9)"
      ])
    let block = (0..<1_200).map { String(repeating: "  ", count: $0) + "-" }.joined(separator: "\n") + " x\n"
    let blockResult = ScenarioLoader().load(yaml: block, file: "block.yaml")
    #expect(blockResult.diagnostics.first?.message.hasPrefix("invalid YAML: nested more than 1000") == true)

    let nested =
      "scenario: Nested\nsteps: " + String(repeating: "[", count: 990) + String(repeating: "]", count: 990)
    let shallow = ScenarioLoader().load(yaml: nested, file: "nested.yaml")
    #expect(shallow.diagnostics.map(\.message) == ["'steps' must be an action or a mapping, found a list"])
  }

  @Test func aFileWithNoScenarioIsAnError() {
    for text in ["", "# only a comment\n", "---\n---\n"] {
      let result = ScenarioLoader().load(yaml: text, file: "empty.yaml")
      #expect(result.scenarios.isEmpty)
      #expect(
        result.diagnostics.map(\.description) == [
          "empty.yaml:1:1: error: no scenario in this file; a scenario file holds one or more documents with "
            + "'scenario' and 'steps'"
        ])
    }
  }

  @Test(.timeLimit(.minutes(1))) func anAliasRepeatingALongTextIsStoppedEarly() {
    let long = String(repeating: "x", count: 200_000)
    var yaml = "scenario: fan-out\nsteps:\n  - note: &big \"\(long)\"\n    wait: 1s\n"
    yaml += String(repeating: "  - note: *big\n    wait: 1s\n", count: 2_000)
    let result = ScenarioLoader().load(yaml: yaml, file: "fan.yaml")
    #expect(result.scenarios.isEmpty)
    #expect(
      result.diagnostics.contains { $0.message.hasPrefix("file's values add up to more than 64 MiB of text") }
    )
  }

  @Test func aDeviceMayNotTakeATranscriptActorsName() {
    let result = ScenarioLoader().load(
      yaml: "scenario: x\ndevices: [phone, backend]\nsteps: [launch]\n", file: "d.yaml")
    #expect(
      result.diagnostics.map(\.description) == [
        "d.yaml:2:18: error: device name 'backend' is reserved for the transcript's backend lines; "
          + "name the device something else"
      ])
  }
}
