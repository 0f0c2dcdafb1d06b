import Foundation
import Testing

/// Runs the built `authflow` command on fixture scenarios and checks its exit status and output.
@Suite("authflow command, end to end")
struct CommandLineTests {
  @Test func aPassingScenarioExitsZeroAndEndsWithTheSummaryLine() throws {
    let run = try Authflow.run(["run", Fixture.path("passing.yaml")])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("PASS  Sign up, verify while backgrounded, come back signed in"))
    #expect(run.lastLine == "1 passed, 0 failed")
    #expect(!run.stdout.contains("transcript:"))
  }

  @Test func aFailingScenarioExitsOneAndPrintsWhereWhyAndTheTranscript() throws {
    let run = try Authflow.run(["run", Fixture.path("failing.yaml"), Fixture.path("passing.yaml")])
    #expect(run.status == 1)
    let file = Fixture.path("failing.yaml")
    #expect(
      run.stdout.contains(
        "\(file):13:15: step 4: state: expected signedInUnverified, found signedIn"))
    #expect(run.stdout.contains("transcript:"))
    #expect(run.stdout.contains("✗ state: expected signedInUnverified, found signedIn"))
    #expect(!run.stdout.contains("correct-horse"))
    #expect(run.stdout.contains("‹password 1›"))
    #expect(run.lastLine == "1 passed, 1 failed")
  }

  @Test func aStepOfAFlowThatFailsIsPlacedInTheFlowAndNamesTheUseStep() throws {
    let scenario = Fixture.path("FlowFailure/failing-in-a-flow.yaml")
    let flow = Fixture.path("FlowFailure/flows/refresh.yaml")
    let run = try Authflow.run(["run", scenario])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "\(flow):5:15: step 3: state: expected signedInUnverified, found signedIn "
          + "(in a flow used at \(scenario):9:5)"))
    #expect(run.stdout.contains("step 2: refresh (line 3 of \(flow))"))
    // The JSON report's steps name their file: a flow's steps are on lines of the flow.
    let json = try Authflow.run(["run", scenario, "--report", "json:-"])
    let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let scenarios = try #require(document?["scenarios"] as? [[String: Any]])
    let steps = try #require(scenarios.first?["steps"] as? [[String: Any]])
    let places = steps.map { "\($0["file"] as? String ?? "?"):\($0["line"] as? Int ?? 0)" }
    #expect(places.contains("\(flow):3") && places.contains("\(scenario):8"), "\(places)")
  }

  @Test func invalidFilesPrintEveryProblemAndRunNothing() throws {
    let run = try Authflow.run(["run", Fixture.path("invalid.yaml"), Fixture.path("passing.yaml")])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    let file = Fixture.path("invalid.yaml")
    #expect(run.stderr.contains("\(file):2:1: error: unknown key 'stpes'"))
    #expect(run.stderr.contains("\(file):4:5: error: unknown action 'sign_inn'"))
    #expect(run.stderr.contains("did you mean 'sign_in'?"))
    #expect(run.stderr.contains("\(file):5:11: error:"))
    #expect(run.stderr.contains("'5 minutes'"))
    #expect(run.stderr.contains("\(file):6:22: error:"))
    #expect(run.stderr.contains("did you mean 'signedIn'?"))
    #expect(run.stderr.hasSuffix("problem(s); nothing was run\n"))
    let lint = try Authflow.run(["lint", Fixture.path("invalid.yaml")])
    #expect(lint.status == 2)
    #expect(
      !lint.stderr.contains("nothing was run") && lint.stderr.hasSuffix("problem(s)\n"), "\(lint.stderr)")
  }

  /// Two reports to one place would interleave (standard output) or overwrite each other (a file): refused
  /// before anything runs.
  /// A first `authflow` in a folder without `Scenarios` says that folder is the default and what to do instead,
  /// for every command that reads it.
  @Test func noPathAndNoScenariosFolderSaysWhatToGive() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    for command in [[], ["lint"], ["list"], ["mutants"]] {
      let run = try Authflow.run(command, in: folder.url)
      #expect(run.status == 2, "\(command)")
      #expect(
        run.stderr.hasPrefix(
          "Scenarios:1:1: error: no path given, and no 'Scenarios' folder here to read instead: name the scenario "
            + "files or folders (authflow run path/to/scenarios)\n"), "\(command): \(run.stderr)")
    }
  }

  @Test func twoReportsToOnePlaceAreRefused() throws {
    for (reports, place) in [
      (["json:-", "tap:-"], "standard output"),
      (["json:same.out", "tap:./same.out"], "the file './same.out'"),
    ] {
      let run = try Authflow.run(["run", "Scenarios/sign-in"] + reports.flatMap { ["--report", $0] })
      #expect(run.status == 2)
      #expect(
        run.stderr.contains("both write to \(place); give each report a place of its own"), "\(run.stderr)")
      #expect(run.stdout.isEmpty)
    }
  }

  /// `run` is the default command, so a mistyped command is read as a path: the note names the command.
  @Test func aMistypedCommandIsNamed() throws {
    let run = try Authflow.run(["lnt"])
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix("note: 'lnt' is not a file; did you mean 'authflow lint'?\n"), "\(run.stderr)")
    #expect(run.stderr.contains("lnt:1:1: error: no such file or directory: 'lnt'"))
    // A file name is not taken for a command it is nowhere near.
    let file = try Authflow.run(["01-verify.yaml"])
    #expect(file.status == 2)
    #expect(!file.stderr.contains("note:"), "\(file.stderr)")
    // Nor one close to it: a name with an extension is a file.
    for name in ["play2.yaml", "lint.yaml"] {
      let near = try Authflow.run(["run", name])
      #expect(near.status == 2 && !near.stderr.contains("note:"), "\(near.stderr)")
    }
  }

  @Test func invalidFilesAreAnnotatedUnderGitHubActions() throws {
    let run = try Authflow.run(
      ["lint", Fixture.path("invalid.yaml")], environment: ["GITHUB_ACTIONS": "true"])
    #expect(run.status == 2)
    let file = Fixture.path("invalid.yaml").replacingOccurrences(of: ":", with: "%3A")
    #expect(
      run.stderr.contains(
        "::error file=\(file),line=4,col=5,title=Invalid scenario file::unknown action 'sign_inn'; "
          + "did you mean 'sign_in'?"))
    let plain = try Authflow.run(["lint", Fixture.path("invalid.yaml")])
    #expect(!plain.stderr.contains("::error"))
  }

  @Test func lintExitsZeroOnValidFilesAndTwoOnInvalidOnes() throws {
    #expect(try Authflow.run(["lint", Fixture.path("passing.yaml")]).status == 0)
    #expect(try Authflow.run(["lint", Fixture.path("invalid.yaml")]).status == 2)
  }

  @Test func badFlagsExitTwo() throws {
    #expect(try Authflow.run(["run", "--no-such-flag"]).status == 2)
    let machine = try Authflow.run(["run", "--machine", "autkit", Fixture.path("passing.yaml")])
    #expect(machine.status == 2)
    #expect(machine.stderr.contains("did you mean 'authkit'?"))
    #expect(try Authflow.run(["run", "--report", "xml", Fixture.path("passing.yaml")]).status == 2)
  }

  /// Another tool's name for an option gets this command's, where the subcommand has it.
  @Test func anotherToolsOptionNameIsTranslated() throws {
    let format = try Authflow.run(["run", "--format", "junit", Fixture.path("passing.yaml")])
    #expect(format.status == 2)
    #expect(format.stderr.contains("Hint: did you mean '--report'?"), "\(format.stderr)")
    #expect(try Authflow.run(["--parallel", "2"]).stderr.contains("Hint: did you mean '--jobs'?"))
    let lint = try Authflow.run(["lint", "--format", "junit"])
    #expect(lint.status == 2 && !lint.stderr.contains("Hint:"), "lint has no --report: \(lint.stderr)")
  }

  @Test func aMutantFailsTheScenarioThatDescribesItsBug() throws {
    let run = try Authflow.run([
      "run", "--machine", "authkit~no-foreground-refresh", Fixture.path("passing.yaml"),
    ])
    #expect(run.status == 1)
    // The foreground-reloads-user invariant catches it at the foreground, before the step that expects home.
    #expect(
      run.stdout.contains(
        "step 4: invariant foreground-reloads-user: after foreground, phone's cached user carol@example.com is "
          + "stale: email_verified false, the backend says true"))
  }

  /// A password that is one of a report's own words (`summary`, `testcase`) is hidden in its values, never in
  /// its structure: the JSON keeps its keys and the JUnit file its elements, so CI can still read them.
  @Test(arguments: ["summary", "testcase", "name"])
  func aPasswordThatIsAReportsOwnWordLeavesTheReportValid(password: String) throws {
    let directory = TestFiles.root.appendingPathComponent(
      "authflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let scenario = directory.appendingPathComponent("words.yaml").path
    try Data(
      """
      scenario: the password is \(password)
      given:
        accounts: [{ email: aw@example.com, password: "\(password)", email_verified: true }]
      steps:
        - sign_in: { email: aw@example.com, password: "\(password)" }
          expect: { state: signedOut }
      """.utf8
    ).write(to: URL(fileURLWithPath: scenario))
    let (json, junit) = (
      directory.appendingPathComponent("r.json").path, directory.appendingPathComponent("r.xml").path
    )
    let run = try Authflow.run(["run", "--report", "json:\(json)", "--report", "junit:\(junit)", scenario])
    #expect(run.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
    #expect(document.keys.sorted() == ["scenarios", "summary"])
    let first = try #require((document["scenarios"] as? [[String: Any]])?.first)
    #expect(first["name"] as? String == "the password is ‹password 1›")
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    #expect(xml.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(xml.contains("<testcase name=\"the password is ‹password 1›\""))
    #expect(xml.contains("</testcase>") && xml.contains("</testsuites>"))
  }

  @Test func theJSONReportHasTheSpecShape() throws {
    let directory = TestFiles.root.appendingPathComponent(
      "authflow-\(UUID().uuidString)")
    let path = directory.appendingPathComponent("report.json").path
    let run = try Authflow.run(["run", "--report", "json:\(path)", Fixture.path("failing.yaml")])
    #expect(run.status == 1)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let summary = try #require(json["summary"] as? [String: Any])
    let counts = summary.filter { $0.key != "duration_seconds" }.compactMapValues { $0 as? Int }
    #expect(counts == ["passed": 0, "failed": 1, "errored": 0, "total": 1])
    #expect(summary["duration_seconds"] != nil)
    let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
    #expect(scenario["status"] as? String == "failed")
    #expect(scenario["machine"] as? String == "authkit")
    let failure = try #require(scenario["failure"] as? [String: Any])
    #expect(failure["step"] as? Int == 4)
    #expect(failure["line"] as? Int == 13)
    #expect(failure["column"] as? Int == 15)
    #expect(
      (scenario["transcript"] as? [[String: String]])?.first?.keys.sorted() == ["actor", "text", "time"])
    #expect(!String(decoding: data, as: UTF8.self).contains("correct-horse"))
  }

  @Test func theSameSeedGivesAByteIdenticalTranscript() throws {
    let first = try Authflow.run(["run", "--verbose", "--seed", "7", Fixture.path("passing.yaml")])
    let second = try Authflow.run(["run", "--verbose", "--seed", "7", Fixture.path("passing.yaml")])
    let other = try Authflow.run(["run", "--verbose", "--seed", "8", Fixture.path("passing.yaml")])
    #expect(first.stdout == second.stdout)
    #expect(first.stdout != other.stdout)
  }
}

/// The fixture scenarios next to these tests.
enum Fixture {
  static func path(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }
}

/// The built `authflow` executable, run as a user would.
enum Authflow {
  typealias Result = ProcessOutput

  static var executable: URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for directory in [beside, beside.deletingLastPathComponent()] {
      let candidate = directory.appendingPathComponent("authflow")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/authflow")
  }

  static func run(
    _ arguments: [String], environment: [String: String] = [:], standardOutput: FileHandle? = nil,
    in directory: URL? = nil
  ) throws -> Result {
    var env = ProcessInfo.processInfo.environment
    env["GITHUB_ACTIONS"] = nil
    env.merge(environment) { $1 }
    return try runProcess(
      executable, arguments, environment: env, standardOutput: standardOutput, in: directory)
  }

}

/// `lint` checks what a scenario asks of its machine, not only the language.
@Suite struct MachineAwareLintTests {
  @Test func lintNamesWhatTheMachineDoesNotHaveWithSuggestions() throws {
    let directory = TestFiles.root.appendingPathComponent("authflow-lint-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("machine.yaml").path
    let yaml = MarkedYAML(
      """
      scenario: asks authkit for what it does not have
      given:
        identity_providers: { google.com: [{ email: gus@gmail.com }] }
      steps:
        - 1️⃣tap: go
        - 2️⃣sign_in_with: google.com
        - expect: { 3️⃣screen: Home, ui: { 4️⃣resend_secs_left: "0" } }
      """, file: file)
    try yaml.text.write(toFile: file, atomically: true, encoding: .utf8)
    let run = try Authflow.run(["lint", file])
    #expect(run.status == 2)
    let lines = run.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        yaml.error(
          "1️⃣",
          "machine 'authkit' has no action 'tap'; it has 'launch', 'terminate', 'background', 'foreground', "
            + "'sign_up', 'sign_in', 'sign_in_with', 'sign_out', 'forgot_password', 'resend_verification', "
            + "'refresh', 'delete_account', 'reauthenticate', 'cancel', 'link_provider', 'change_password'")))
    #expect(
      lines.contains(
        yaml.error("2️⃣", "machine 'authkit' has no sign-in provider 'google.com'; it has 'apple.com'")))
    #expect(lines.contains(yaml.error("3️⃣", "machine 'authkit' has no screen 'Home'; did you mean 'home'?")))
    #expect(
      lines.contains(
        yaml.error(
          "4️⃣", "machine 'authkit' has no ui value 'resend_secs_left'; did you mean 'resend_seconds_left'?")))
    // An `exec:` machine is not started to lint, and the clean result says its checks were not made.
    let exec = try Authflow.run(["lint", "--machine", "exec:./no-such-adapter", Fixture.path("passing.yaml")])
    #expect(exec.status == 0, "\(exec.stderr)")
    #expect(exec.stderr.hasPrefix("note: an exec: machine is not started to lint"), "\(exec.stderr)")
    #expect(exec.stdout.hasSuffix(": no problems\n"), "\(exec.stdout)")
    // Against the machine it is written for, the same steps are fine.
    let paper = try Authflow.run(["lint", "--machine", "paper", Fixture.path("passing.yaml")])
    #expect(paper.status == 2)
    #expect(try Authflow.run(["lint", Fixture.path("passing.yaml")]).status == 0)
    // A matrix's combinations share their steps: the step is wrong once, not once per combination.
    let matrix = directory.appendingPathComponent("matrix.yaml").path
    try """
    scenario: three machines, one screen
    matrix: { machines: [authkit, paper, firebaseui] }
    steps:
      - expect: { screen: Home }
    """.write(toFile: matrix, atomically: true, encoding: .utf8)
    let once = try Authflow.run(["lint", "--machine", "paper", matrix])
    #expect(once.status == 2)
    #expect(once.stderr.components(separatedBy: "has no screen 'Home'").count == 2, "\(once.stderr)")
    // A document that does not load keeps none of the others from being checked against the machine.
    let mixed = MarkedYAML(
      """
      scenario: a language problem
      steps:
        - wait: 1️⃣5 minutes
      ---
      scenario: a machine problem
      steps:
        - expect: { 2️⃣screen: Home }
      """, file: directory.appendingPathComponent("mixed.yaml").path)
    try mixed.text.write(toFile: mixed.file, atomically: true, encoding: .utf8)
    let both = try Authflow.run(["lint", mixed.file])
    #expect(both.status == 2)
    #expect(
      both.stderr.split(separator: "\n").map(String.init) == [
        mixed.error("1️⃣", "bad duration '5 minutes' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        mixed.error("2️⃣", "machine 'authkit' has no screen 'Home'; did you mean 'home'?"),
        "2 problem(s)",
      ])
    // Nor does a problem of the language hide the machine's in the same document, or in the same step: fixing
    // one round must not bring a second.
    let together = MarkedYAML(
      """
      scenario: both kinds
      steps:
        - sign_out:
          expect: { 1️⃣screen: hoem }
        - 2️⃣tap: go
        - wait: 3️⃣5 minutes
        - launch:
          expect: { 4️⃣stat: signedIn, 5️⃣screen: hoem }
      """, file: directory.appendingPathComponent("together.yaml").path)
    try together.text.write(toFile: together.file, atomically: true, encoding: .utf8)
    let all = try Authflow.run(["lint", together.file])
    #expect(all.status == 2)
    let hoem = "machine 'authkit' has no screen 'hoem'; did you mean 'home'?"
    #expect(
      all.stderr.split(separator: "\n").map(String.init) == [
        together.error("1️⃣", hoem),
        together.error(
          "2️⃣",
          "machine 'authkit' has no action 'tap'; it has 'launch', 'terminate', 'background', 'foreground', "
            + "'sign_up', 'sign_in', 'sign_in_with', 'sign_out', 'forgot_password', 'resend_verification', "
            + "'refresh', 'delete_account', 'reauthenticate', 'cancel', 'link_provider', 'change_password'"),
        together.error("3️⃣", "bad duration '5 minutes' for 'wait'; write e.g. 30s, 5m, 1h, 3d or 1h30m"),
        together.error("4️⃣", "unknown key 'stat' in expect; did you mean 'state'?"),
        together.error("5️⃣", hoem),
        "5 problem(s)",
      ])
    // A scenario whose machine could not be read is not checked against the default one instead.
    let unknown = MarkedYAML(
      """
      scenario: a machine misspelt
      machine: 1️⃣firebaseuii
      steps:
        - expect: { screen: Home }
      """, file: directory.appendingPathComponent("unknown.yaml").path)
    try unknown.text.write(toFile: unknown.file, atomically: true, encoding: .utf8)
    let misspelt = try Authflow.run(["lint", unknown.file])
    #expect(misspelt.status == 2)
    #expect(
      misspelt.stderr.split(separator: "\n").map(String.init) == [
        unknown.error("1️⃣", "unknown machine 'firebaseuii'; did you mean 'firebaseui'?"),
        "1 problem(s)",
      ])
  }
}
