import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("--transcripts file names")
struct TranscriptFilesTests {
  private func result(_ file: String, _ name: String) -> ScenarioResult {
    var result = SampleResults.result(name, .passed)
    result.file = file
    return result
  }

  @Test func theFoldersEveryFileSharesAreLeftOutAndTheRestIsSlugged() {
    let names = TranscriptFiles.names(for: [
      result("Scenarios/verification/verify-while-backgrounded.yaml", "Verify the email while backgrounded"),
      result("Scenarios/sign-in/Cold Start.yml", "Café: sign in, then sign out!"),
    ])
    #expect(
      names == [
        "verification--verify-while-backgrounded--verify-the-email-while-backgrounded.md",
        "sign-in--cold-start--cafe-sign-in-then-sign-out.md",
      ])
  }

  @Test func aSingleFileKeepsOnlyItsOwnName() {
    #expect(TranscriptFiles.names(for: [result("./a/b/c.yaml", "X")]) == ["c--x.md"])
  }

  @Test func namesAreUniqueEvenForScenariosThatSlugAlike() {
    let names = TranscriptFiles.names(for: [
      result("s/a.yaml", "Same name"), result("s/a.yaml", "Same name"), result("s/a.yaml", "same-name!"),
      result("s/b.yaml", "🙂"), result("s/b.yaml", "🙂"),
    ])
    #expect(names == ["a--same-name.md", "a--same-name-2.md", "a--same-name-3.md", "b.md", "b-2.md"])
  }

  @Test func longNamesAreCutSoTheFileSystemTakesThem() {
    let name = TranscriptFiles.names(for: [
      result(
        String(repeating: "folder/", count: 40) + String(repeating: "f", count: 300) + ".yaml",
        String(repeating: "word ", count: 100))
    ])
    #expect(name.first.map { $0.utf8.count <= 230 } == true)
    #expect(name.first?.hasSuffix("-word.md") == true)
  }

  /// A long name keeps its end too: the files of a matrix's combinations differ by the values, not a number.
  @Test func aLongNameKeepsItsEndWhereAMatrixCombinationIsNamed() {
    let scenario =
      "A user who verifies in the browser comes back to a verified session, however the email was typed"
    let names = TranscriptFiles.names(for: [
      result("s/a.yaml", "\(scenario) [typed=carol@example.com, machine=authkit]"),
      result("s/a.yaml", "\(scenario) [typed=Carol@Example.COM, machine=authkit]"),
      result("s/a.yaml", "\(scenario) [typed=carol@example.com, machine=paper]"),
    ])
    #expect(
      names == [
        "a--a-user-who-verifies-in-the-browser-comes-back-to-a-verified--"
          + "email-was-typed-typed-carol-example-com-machine-authkit.md",
        // The same combination but for case: slugs are lowercase, so it is told apart by a number.
        "a--a-user-who-verifies-in-the-browser-comes-back-to-a-verified--"
          + "email-was-typed-typed-carol-example-com-machine-authkit-2.md",
        "a--a-user-who-verifies-in-the-browser-comes-back-to-a-verified--"
          + "the-email-was-typed-typed-carol-example-com-machine-paper.md",
      ])
  }

  @Test func eachFileIsTheScenariosMarkdownTranscript() {
    let files = TranscriptFiles.files(for: [SampleResults.failed])
    #expect(files.map(\.name) == ["verify--verifies-in-the-background.md"])
    #expect(
      files.first?.contents.hasPrefix("# ❌ Verifies in the background\n\n- **Status:** failed\n") == true)
    #expect(files.first?.contents.contains("## Flow\n\n```mermaid\n") == true)
    #expect(files.first?.contents.hasSuffix("```\n") == true)
  }
}
