import Foundation
import Testing

/// Runs the built command with every report format on fixture scenarios that pass, fail and error, and checks the
/// reports against each other, the JUnit schema, and the passwords the fixtures use.
@Suite("authflow run --report, end to end")
struct ReportsEndToEndTests {
  static let fixtures = ["passing.yaml", "failing.yaml", "errored.yaml"].map(Fixture.path)
  /// The passwords the fixtures type; no output may hold them.
  static let passwords = ["Str0ng!pass", "correct-horse"]

  /// Every report of one run, in a fresh folder.
  struct Reports {
    var folder: URL
    var run: Authflow.Result

    init(environment: [String: String] = [:]) throws {
      folder = TestFiles.root.appendingPathComponent("authflow-\(UUID().uuidString)")
      let reports = [
        "json:report.json", "junit:report.xml", "tap:report.tap", "markdown:report.md", "console:console.txt",
      ]
      let folder = folder
      run = try Authflow.run(
        ["run", "--transcripts", folder.appendingPathComponent("transcripts").path]
          + reports.flatMap { ["--report", $0.replacing(":", with: ":\(folder.path)/", maxReplacements: 1)] }
          + ReportsEndToEndTests.fixtures,
        environment: environment)
    }

    func text(_ name: String) throws -> String {
      try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    var transcripts: [URL] {
      let folder = folder.appendingPathComponent("transcripts")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.sorted().map { folder.appendingPathComponent($0) }
    }
  }

  @Test func everyReportCountsWhatTheJSONSummaryCounts() throws {
    let reports = try Reports()
    #expect(reports.run.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(reports.text("report.json").utf8)) as? [String: Any])
    let summary = try #require(json["summary"] as? [String: Any])
    let counts = ["passed", "failed", "errored", "total"].map { summary[$0] as? Int }
    #expect(counts == [1, 1, 1, 3])

    let junit = try JUnitCounts(parsing: reports.text("report.xml"))
    #expect(junit.root == ["tests": 3, "failures": 1, "errors": 1, "skipped": 0])
    #expect(junit.testcases == 3)
    #expect(junit.failures == 1)
    #expect(junit.errors == 1)
    #expect(junit.suiteTotals == junit.root)

    let tap = try reports.text("report.tap").split(separator: "\n")
    #expect(tap.prefix(2) == ["TAP version 13", "1..3"])
    #expect(tap.filter { $0.hasPrefix("ok ") }.count == 1)
    #expect(tap.filter { $0.hasPrefix("not ok ") }.count == 2)
    #expect(tap.last == "# 1 passed, 1 failed, 1 errored")

    let markdown = try reports.text("report.md")
    #expect(markdown.hasPrefix("# authflow: 1 passed, 1 failed, 1 errored\n"))
    #expect(markdown.contains("\n| 1 | 1 | 1 | 3 | "))
    for emoji in ["✅", "❌", "⚠️"] { #expect(markdown.components(separatedBy: "\n| \(emoji) |").count == 2) }
    #expect(markdown.components(separatedBy: "```mermaid\nsequenceDiagram\n").count == 3)

    #expect(try reports.text("console.txt").hasSuffix("\n1 passed, 1 failed, 1 errored\n"))
    #expect(reports.transcripts.count == 3)
  }

  @Test func noOutputHoldsAPassword() throws {
    let reports = try Reports()
    var outputs = [("stdout", reports.run.stdout), ("stderr", reports.run.stderr)]
    for name in ["report.json", "report.xml", "report.tap", "report.md", "console.txt"] {
      outputs.append((name, try reports.text(name)))
    }
    for url in reports.transcripts {
      outputs.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
    }
    for (name, text) in outputs {
      for password in Self.passwords { #expect(!text.contains(password), "\(name) holds '\(password)'") }
    }
    #expect(try reports.text("report.md").contains("‹password 1›"))
  }

  @Test(
    .enabled(
      if: Xmllint.path != nil || Xmllint.required,
      "xmllint is not installed (Debian: apt-get install libxml2-utils; .ci/run installs it)"))
  func theJUnitReportIsValidAgainstTheSchema() throws {
    let xmllint = try #require(Xmllint.path, "AUTHFLOW_REQUIRE_XMLLINT=1 but xmllint is not on the PATH")
    let reports = try Reports()
    for report in [reports.folder.appendingPathComponent("report.xml").path, Golden.path("report.junit.xml")]
    {
      let check = try Xmllint.validate(report, xmllint: xmllint)
      #expect(check.status == 0, "xmllint rejects \(report):\n\(check.output)")
    }
  }

  @Test func underGitHubActionsEachFailureIsAnAnnotation() throws {
    let reports = try Reports(environment: ["GITHUB_ACTIONS": "true"])
    let failing = Fixture.path("failing.yaml").replacing(":", with: "%3A").replacing(",", with: "%2C")
    let lines = reports.run.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
    #expect(lines.count == 2)
    #expect(
      lines.first?.hasPrefix("::error file=\(failing),line=13,col=15,title=Scenario failed%3A ") == true)
    #expect(lines.first?.hasSuffix("::step 4: state: expected signedInUnverified, found signedIn") == true)
  }

  @Test func aReportOnStandardOutputReplacesTheConsoleAndAnnotationsMoveToStandardError() throws {
    let run = try Authflow.run(
      ["run", "--report", "json:-"] + Self.fixtures, environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 1)
    #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any])
    #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 2)
    let tap = try Authflow.run(["run", "--report", "tap:-", Fixture.path("passing.yaml")])
    #expect(
      tap.stdout
        == "TAP version 13\n1..1\nok 1 - Sign up, verify while backgrounded, come back signed in\n# 1 passed, 0 failed\n"
    )
  }

  /// 10,000 steps of the longest wait on two signed-in devices: 95,825 token refreshes a device per step. The
  /// reports grow with the steps, not with the time waited (before, 30 such steps made a 16 MB JSON report).
  @Test func theReportsOfTenThousandLongWaitsStaySmall() throws {
    let steps = 10_000
    let folder = TestFiles.root.appendingPathComponent(
      "authflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scenario = folder.appendingPathComponent("long-waits.yaml")
    let yaml = """
      scenario: Ten years idle, again and again
      devices: [phone, laptop]
      given:
        accounts: [{ email: ann@example.com, password: correct-horse, email_verified: true }]
        signed_in: { phone: ann@example.com, laptop: ann@example.com }
      steps:

      """ + String(repeating: "  - wait: 3660d\n", count: steps - 1) + "  - expect: { state: signedOut }\n"
    try yaml.write(to: scenario, atomically: true, encoding: .utf8)
    let formats = ["json", "junit", "markdown"]
    let run = try Authflow.run(
      ["run"] + formats.flatMap { ["--report", "\($0):\(folder.path)/report.\($0)"] } + [scenario.path])
    #expect(run.status == 1, "\(run.stderr)")
    for format in formats {
      let size =
        try FileManager.default.attributesOfItem(
          atPath: folder.appendingPathComponent("report.\(format)").path)[.size] as? Int ?? .max
      #expect(size < 1_000 * steps, "the \(format) report has \(size) bytes")
    }
  }

  @Test func anUnknownFormatListsTheValidOnes() throws {
    let run = try Authflow.run(["run", "--report", "junt:out.xml", Fixture.path("passing.yaml")])
    #expect(run.status == 2)
    #expect(run.stderr.contains("unknown report format 'junt'; did you mean 'junit'?"))
    #expect(run.stderr.contains("formats: console, json, junit, tap, markdown, github-actions"))
    // The usage line is the run command's, not the root's.
    #expect(run.stderr.contains("Usage: authflow run "), "\(run.stderr)")
  }
}

/// `xmllint`, when installed.
enum Xmllint {
  static var path: String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return folders.map { "\($0)/xmllint" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// `.ci/run` sets `AUTHFLOW_REQUIRE_XMLLINT=1`, so CI fails instead of skipping when xmllint is missing.
  static var required: Bool { ProcessInfo.processInfo.environment["AUTHFLOW_REQUIRE_XMLLINT"] == "1" }

  static func validate(_ file: String, xmllint: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xmllint)
    process.arguments = ["--noout", "--schema", Fixture.path("junit.xsd"), file]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = readToEnd(pipe.fileHandleForReading)
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
