import Foundation
import Testing

import AuthFlowLanguage

/// `authflow explore`, run as a user would.
@Suite("explore, end to end")
struct ExploreCommandTests {
  func temporaryDirectory() -> String {
    TestFiles.root.appendingPathComponent("authflow-\(UUID().uuidString)").path
  }

  @Test func exploreWritesAScenarioThatFailsOnTheMutantAndPassesOnAuthkit() throws {
    let out = temporaryDirectory()
    let arguments = ["explore", "--machine", "authkit~resend-without-countdown", "--seed", "1", "--out", out]
    let explore = try Authflow.run(arguments)
    #expect(explore.status == 1, "\(explore.stdout)\(explore.stderr)")
    // The walk's own step is the one shrinking starts from; the steps of every walk so far are counted apart.
    let lines = explore.stdout.split(separator: "\n").map(String.init)
    let found = try #require(lines.first { $0.hasPrefix("found: invariant resend-countdown broke at step ") })
    let walkStep = found.dropFirst("found: invariant resend-countdown broke at step ".count).prefix {
      $0 != " "
    }
    #expect(found.contains(" of walk ") && found.hasSuffix(" steps explored)"), "\(found)")
    #expect(lines.contains { $0.hasPrefix("shrunk from \(walkStep) to ") }, "\(explore.stdout)")
    let file = out + "/authkit-resend-without-countdown-resend-countdown-seed-1.yaml"
    #expect(
      explore.stdout.contains(
        "wrote \(file): fails on authkit~resend-without-countdown with invariant resend-countdown, "
          + "passes on authkit"))
    #expect(!explore.stdout.contains("\r"))

    let onMutant = try Authflow.run(["run", file])
    #expect(onMutant.status == 1)
    #expect(onMutant.stdout.contains("invariant resend-countdown: resend sent a verify_email email"))
    #expect(try Authflow.run(["run", "--machine", "authkit", file]).status == 0)

    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.contains("reproduces: \"invariant resend-countdown, authflow explore --machine"))
    let again = try Authflow.run(arguments)
    #expect(again.stdout == explore.stdout)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == written)
  }

  @Test func exploreOnAuthkitFindsNothingAndExitsZero() throws {
    let out = temporaryDirectory()
    let run = try Authflow.run(["explore", "--seed", "2", "--runs", "100", "--out", out])
    #expect(run.status == 0)
    #expect(run.lastLine == "explored 2000 steps in 100 walk(s): no invariant broke")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// An --out no scenario could be written into is bad input before anything is explored, so a run that finds
  /// nothing cannot pass over it.
  @Test func anOutThatCannotHoldAScenarioIsRefusedFirst() throws {
    let file = temporaryDirectory()
    try "".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    for (out, message) in [
      (file, "error: --out '\(file)' is a file, not a folder"),
      (file + "/found", "error: --out '\(file)/found' cannot be made: '\(file)' is a file"),
    ] {
      let run = try Authflow.run(["explore", "--seed", "2", "--runs", "5", "--out", out])
      #expect(run.status == 2)
      #expect(run.stderr == message + "\n")
      #expect(run.stdout.isEmpty)
    }
  }

  @Test func exploreRefusesBadInputWithExitTwo() throws {
    let machine = try Authflow.run(["explore", "--machine", "autkit"])
    #expect(machine.status == 2)
    #expect(machine.stderr.contains("did you mean 'authkit'?"))
    // Each bad count names itself and what was given.
    for (arguments, message) in [
      (["--runs", "0"], "error: --runs must be at least 1, found 0\n"),
      (["--depth", "0"], "error: --depth must be between 1 and \(ScenarioLoader.maximumSteps), found 0\n"),
    ] {
      let run = try Authflow.run(["explore"] + arguments)
      #expect(run.status == 2)
      #expect(run.stderr == message)
    }
    let given = try Authflow.run(["explore", "--given", Fixture.path("invalid.yaml")])
    #expect(given.status == 2)
    #expect(given.stderr.contains("unknown key 'stpes'"))
  }
}
