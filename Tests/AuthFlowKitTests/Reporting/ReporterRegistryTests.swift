import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Reporter registry and --report")
struct ReporterRegistryTests {
  @Test func everyFormatOfTheSpecIsRegisteredOnceByItsIdentifier() {
    #expect(
      ReporterRegistry.identifiers == ["console", "json", "junit", "tap", "markdown", "github-actions"])
    for identifier in ReporterRegistry.identifiers {
      #expect(ReporterRegistry.reporter(named: identifier)?.identifier == identifier)
    }
    #expect(ReporterRegistry.reporter(named: "xml") == nil)
  }

  @Test(arguments: [
    ("junit", ReportRequest(format: "junit")), ("junit:-", ReportRequest(format: "junit")),
    ("tap:out/report.tap", ReportRequest(format: "tap", path: "out/report.tap")),
    ("markdown:C:odd:name.md", ReportRequest(format: "markdown", path: "C:odd:name.md")),
  ])
  func aRequestIsAFormatAndAnOptionalPath(text: String, request: ReportRequest) throws {
    #expect(try ReportRequest(parsing: text) == request)
  }

  @Test func anUnknownFormatSuggestsTheNearestAndListsEveryOne() {
    #expect(
      throws: UsageError(
        "unknown report format 'junt'; did you mean 'junit'? "
          + "formats: console, json, junit, tap, markdown, github-actions")
    ) {
      try ReportRequest(parsing: "junt:out.xml")
    }
    #expect(throws: UsageError("missing path after 'json:' (use '-' for standard output)")) {
      try ReportRequest(parsing: "json:")
    }
  }

  @Test func everyReporterEndsItsReportWithALineBreakEvenForAnEmptyRun() {
    for reporter in ReporterRegistry.reporters where reporter != GitHubActionsReporter.self {
      let text = reporter.init(options: ReportOptions()).report([])
      #expect(text.hasSuffix("\n"), "\(reporter.identifier)")
    }
    #expect(GitHubActionsReporter().report([SampleResults.passed]).isEmpty)
  }
}
