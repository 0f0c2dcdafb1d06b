import Foundation
import Testing

/// `run --strict` (and `strict: true`) and `run --coverage`, run as a user would.
@Suite("strict and coverage, end to end")
struct StrictAndCoverageCommandTests {
  func temporaryDirectory() -> String {
    TestFiles.root.appendingPathComponent("authflow-\(UUID().uuidString)").path
  }

  @Test func strictFailsOnAnEmailNoExpectationChecked() throws {
    let run = try Authflow.run(["run", Fixture.path("strict-unchecked.yaml")])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "\(Fixture.path("strict-unchecked.yaml")):6:5: step 2: unchecked: verify_email email to "
          + "carol@example.com (sent at step 1)"))
    #expect(try Authflow.run(["run", Fixture.path("strict-checked.yaml")]).status == 0)
  }

  @Test func theStrictFlagMakesEveryScenarioStrict() throws {
    #expect(try Authflow.run(["run", Fixture.path("passing.yaml")]).status == 0)
    let strict = try Authflow.run(["run", "--strict", Fixture.path("passing.yaml")])
    #expect(strict.status == 1)
    #expect(
      strict.stdout.contains("step 2: unchecked: verify_email email to carol@example.com (sent at step 1)"))
  }

  @Test func coverageListsExercisedAndNeverExercisedTransitionsBeforeTheSummary() throws {
    let run = try Authflow.run(["run", "--coverage", Fixture.path("passing.yaml")])
    #expect(run.status == 0)
    #expect(
      run.stdout.contains("coverage of authkit: 3 of 48 (state, screen, action) triples exercised (6%)"))
    #expect(
      run.stdout.contains(
        "  signedOut on signIn\n    exercised: sign_up → signedInUnverified on verifyEmail\n"))
    #expect(
      run.stdout.contains("    never:     launch, terminate, background, foreground, sign_up, sign_in,"))
    #expect(run.lastLine == "1 passed, 0 failed")
    #expect(try !Authflow.run(["run", Fixture.path("passing.yaml")]).stdout.contains("coverage"))
  }

  @Test func theJSONReportCarriesCoverageWhenAskedFor() throws {
    let directory = temporaryDirectory()
    let path = directory + "/report.json"
    let run = try Authflow.run([
      "run", "--coverage", "--report", "json:\(path)", Fixture.path("passing.yaml"),
    ])
    #expect(run.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    let authkit = try #require((json["coverage"] as? [String: Any])?["authkit"] as? [String: Any])
    #expect(authkit["exercised"] as? Int == 3)
    #expect(authkit["total"] as? Int == 48)
    let transitions = try #require(authkit["transitions"] as? [[String: Any]])
    #expect(
      transitions.contains {
        $0["action"] as? String == "sign_up"
          && ($0["from"] as? [String: String]) == ["state": "signedOut", "screen": "signIn"]
          && ($0["to"] as? [String: String]) == ["state": "signedInUnverified", "screen": "verifyEmail"]
      })
    #expect((authkit["never"] as? [[String: String]])?.count == 45)

    let plain = directory + "/plain.json"
    _ = try Authflow.run(["run", "--report", "json:\(plain)", Fixture.path("passing.yaml")])
    let without = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: plain))) as? [String: Any])
    #expect(without["coverage"] == nil)
  }
}
