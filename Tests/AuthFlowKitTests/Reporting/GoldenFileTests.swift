import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Every reporter's output for ``GoldenResults``, compared byte for byte with its committed golden file.
@Suite("Reporters against their golden files")
struct GoldenFileTests {
  @Test func console() throws {
    Golden.expectMatches(ConsoleReporter().report(try GoldenResults.results()), file: "console.txt")
  }

  @Test func json() throws {
    Golden.expectMatches(JSONReporter().report(try GoldenResults.results()), file: "report.json")
  }

  @Test func junit() throws {
    Golden.expectMatches(JUnitReporter().report(try GoldenResults.results()), file: "report.junit.xml")
  }

  @Test func tap() throws {
    Golden.expectMatches(TAPReporter().report(try GoldenResults.results()), file: "report.tap")
  }

  @Test func markdown() throws {
    Golden.expectMatches(MarkdownReporter().report(try GoldenResults.results()), file: "report.md")
  }

  @Test func githubActions() throws {
    Golden.expectMatches(GitHubActionsReporter().report(try GoldenResults.results()), file: "annotations.txt")
  }

  @Test func transcriptFile() throws {
    let results = try GoldenResults.results()
    let files = TranscriptFiles.files(for: results)
    #expect(
      files.map(\.name) == [
        "sign-up--verify-in-the-browser--sign-up-verify-in-the-browser-come-back-signed-in.md",
        "bug-reports--verified-on-the-laptop--verified-on-the-laptop-the-phone-still-says-verify-123.md",
        "bug-reports--verified-on-the-laptop--tap-go-next-authkit-has-no-such-buttons.md",
      ])
    Golden.expectMatches(files[1].contents, file: "transcript.md")
  }

  @Test(arguments: ReporterRegistry.identifiers)
  func noReportPrintsAPassword(format: String) throws {
    let reporter = try #require(ReporterRegistry.reporter(named: format))
    let results = try GoldenResults.results()
    for options in [ReportOptions(), ReportOptions(colour: true, verbose: true)] {
      let text = reporter.init(options: options).report(results)
      for password in GoldenResults.passwords {
        #expect(!text.contains(password), "\(format) prints '\(password)'")
      }
    }
  }
}
