import Foundation
import Testing

/// `--tag`, `--skip-tag`, `--shard`, `--jobs` and `authflow list`, run as a user runs them.
@Suite("authflow selection and scale-out, end to end")
struct SelectionCommandLineTests {
  let scenarios = Repository.scenarios

  @Test func twoJobsPrintExactlyWhatOneJobPrints() throws {
    for machine in ["authkit", "authkit~unverified-is-signed-in"] {
      let one = try Authflow.run(["run", "--machine", machine, "--jobs", "1", scenarios])
      let two = try Authflow.run(["run", "--machine", machine, "--jobs", "2", scenarios])
      #expect(one.stdout.count > 1_000)
      #expect(two.stdout == one.stdout)
      #expect(two.status == one.status)
    }
  }

  @Test func twoJobsWriteTheSameJSONReport() throws {
    let directory = TestFiles.root.appendingPathComponent("authflow-\(UUID())")
    defer { try? FileManager.default.removeItem(at: directory) }
    var reports: [String] = []
    for jobs in ["1", "2"] {
      let path = directory.appendingPathComponent("report-\(jobs).json").path
      let run = try Authflow.run([
        "run", "--machine", "authkit~no-foreground-refresh", "--jobs", jobs, "--report", "json:\(path)",
        scenarios,
      ])
      #expect(run.status == 1)
      // Wall-clock durations differ from run to run; everything else must be identical.
      let text = try String(contentsOfFile: path, encoding: .utf8)
      reports.append(
        text.split(separator: "\n").filter { !$0.contains("\"duration_seconds\"") }.joined(separator: "\n"))
    }
    #expect(reports[0] == reports[1])
  }

  @Test func theShardsOfListAreDisjointAndTogetherTheWholeList() throws {
    let all = try Authflow.run(["list", scenarios])
    #expect(all.status == 0)
    let lines = all.stdout.split(separator: "\n")
    #expect(lines.count > 50)
    for count in 1...5 {
      var union: [Substring] = []
      for index in 1...count {
        let shard = try Authflow.run(["list", "--shard", "\(index)/\(count)", scenarios])
        #expect(shard.status == 0)
        union += shard.stdout.split(separator: "\n")
      }
      #expect(union.count == lines.count, "\(count) shards")
      #expect(union.sorted() == lines.sorted(), "\(count) shards")
    }
  }

  @Test func runAndListSelectTheSameScenarios() throws {
    let flags = ["--tag", "apple", "--skip-tag", "errors", "--shard", "2/2", scenarios]
    let list = try Authflow.run(["list"] + flags)
    let run = try Authflow.run(["run"] + flags)
    let listed = list.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
    let ran = run.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") }
    #expect(listed.count == 3)
    #expect(ran.count == listed.count)
    for (line, place) in zip(ran, listed) { #expect(line.contains("(\(place), authkit)")) }
  }

  @Test func listWithAMachineListsWhatRunWithItPlays() throws {
    let file = TestFiles.root.appendingPathComponent(
      "authflow-list-machine-\(UUID().uuidString).yaml")
    try """
    scenario: machines
    matrix: { machines: [authkit, paper], vars: { on: [a, b] } }
    steps:
      - launch
    """.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let list = try Authflow.run(["list", "--machine", "paper", "--shard", "2/2", file.path])
    let run = try Authflow.run(["run", "--machine", "paper", "--shard", "2/2", file.path])
    #expect(
      list.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == [
        "machines [on=b, machine=paper]"
      ])
    #expect(run.stdout.contains("PASS  machines [on=b, machine=paper]"))
    let unknown = try Authflow.run(["list", "--machine", "papr", file.path])
    #expect(unknown.status == 2 && unknown.stderr.contains("did you mean 'paper'?"))
  }

  @Test func listPrintsNameFileLineAndTagsTabSeparated() throws {
    let list = try Authflow.run(["list", Fixture.path("passing.yaml")])
    #expect(list.status == 0)
    #expect(
      list.stdout
        == "Sign up, verify while backgrounded, come back signed in\t\(Fixture.path("passing.yaml")):1\t"
        + "sign-up, verification\n")
    #expect(list.stderr.isEmpty)
  }

  @Test func listPrintsEveryProblemOfAnInvalidFileAndExitsTwo() throws {
    let list = try Authflow.run(["list", Fixture.path("invalid.yaml"), Fixture.path("passing.yaml")])
    #expect(list.status == 2)
    #expect(list.stdout.isEmpty)
    #expect(list.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.count == 4)
  }

  @Test func anEmptyShardRunsNothingAndPasses() throws {
    let run = try Authflow.run(["run", "--shard", "2/2", Fixture.path("passing.yaml")])
    #expect(run.status == 0)
    #expect(run.stdout == "0 passed, 0 failed\n")
  }

  @Test func aTagNoScenarioHasIsWarnedAboutAndTestsNothing() throws {
    let run = try Authflow.run(["run", "--tag", "sigup", Fixture.path("passing.yaml")])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "warning: --tag 'sigup': no scenario has this tag; did you mean 'sign-up'?\n"
        + "error: --tag 'sigup' selects none of the 1 scenario loaded: nothing to run\n")
    #expect(run.stdout.isEmpty)
  }

  /// A CI job whose filter matches nothing must not go green.
  @Test func aFilterThatSelectsNothingExitsTwoNamingIt() throws {
    let run = try Authflow.run([
      "run", "--filter", "no such name", "--skip-tag", "verification", Fixture.path("passing.yaml"),
      Fixture.path("failing.yaml"),
    ])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "error: --filter 'no such name' --skip-tag 'verification' selects none of the 2 scenarios loaded: nothing to run\n"
    )
    #expect(run.stdout.isEmpty)
  }

  @Test func aFolderWithoutScenariosExitsTwo() throws {
    let folder = TestFiles.root.appendingPathComponent(
      "authflow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Authflow.run(["run", folder.path])
    #expect(run.status == 2)
    #expect(run.stderr == "error: no scenario in \(folder.path): nothing to run\n")
  }

  @Test(arguments: [
    (["--shard", "3/2"], "--shard 3/2: the shard must be between 1 and 2"),
    (["--shard", "0/2"], "--shard 0/2: the shard must be between 1 and 2"),
    (["--shard", "1/0"], "--shard 1/0: the number of shards must be at least 1"),
    (["--shard", "half"], "--shard 'half': expected I/N"),
    (["--jobs", "0"], "--jobs must be at least 1, found 0"),
    (["--jobs", "two"], "--jobs"),
    // A negative number is a value to check, not an option ArgumentParser says is missing.
    (["--jobs", "-1"], "--jobs must be at least 1, found -1"),
    (["--shard", "-1/3"], "--shard '-1/3': expected I/N"),
    (["--step-timeout", "-3"], "--step-timeout must be a number of seconds above 0"),
  ])
  func badShardsAndJobsExitTwo(flags: [String], message: String) throws {
    let run = try Authflow.run(["run"] + flags + [Fixture.path("passing.yaml")])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.contains(message))
    if flags[0] == "--shard" {
      let list = try Authflow.run(["list"] + flags + [Fixture.path("passing.yaml")])
      #expect(list.status == 2)
      #expect(list.stderr.contains(message))
    }
  }

  /// SPEC §11: a mutant replaces only its own machine's scenarios; a paper scenario stays on paper, and the run
  /// says so once.
  @Test func aMutantReplacesOnlyItsOwnMachinesScenarios() throws {
    let run = try Authflow.run([
      "run", "--machine", "authkit~no-foreground-refresh", Fixture.path("passing.yaml"),
      Fixture.path("errored.yaml"),
    ])
    #expect(run.status == 1)
    let results = run.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.hasPrefix("ERROR") }
    #expect(results.count == 2)
    #expect(results.first?.hasSuffix("passing.yaml:1, authkit~no-foreground-refresh)") == true)
    #expect(results.last?.hasSuffix("errored.yaml:1, paper)") == true)
    #expect(
      run.stderr
        == "note: --machine authkit~no-foreground-refresh replaces only authkit's scenarios (1 of 2); "
        + "1 other runs on its own machine\n")
    // A machine that is not a mutant still replaces every scenario's, as SPEC §7 says.
    let replaced = try Authflow.run(["run", "--machine", "authkit", Fixture.path("errored.yaml")])
    #expect(replaced.stdout.contains("errored.yaml:1, authkit)"))
    #expect(replaced.stderr.isEmpty)
  }
}
