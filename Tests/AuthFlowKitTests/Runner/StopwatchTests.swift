import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite("Scenario durations")
struct StopwatchTests {
  @Test func theSuiteMeasuresEachScenarioWithItsStopwatch() throws {
    let scenario = try loadScenario("scenario: x\nsteps:\n  - background\n")
    var configuration = RunConfiguration()
    configuration.stopwatch = .fixed(.milliseconds(1250))
    #expect(configuration.run(scenario).durationSeconds == 1.25)
    configuration.stopwatch = .continuous
    let measured = configuration.run(scenario).durationSeconds
    #expect(measured > 0 && measured < 60)
  }

  @Test func theVirtualTranscriptDoesNotDependOnTheWallClock() throws {
    let scenario = try loadScenario("scenario: x\nsteps:\n  - wait: 1h\n")
    var slow = RunConfiguration()
    slow.stopwatch = .fixed(.seconds(90))
    #expect(slow.run(scenario).transcript == RunConfiguration().run(scenario).transcript)
  }

  @Test(arguments: [
    (0.0, "0.000"), (0.0004, "0.000"), (0.0005, "0.001"), (0.25, "0.250"), (1.5, "1.500"),
    (61.0625, "61.063"),
    (-1, "0.000"), (.nan, "0.000"), (.infinity, "0.000"),
  ])
  func reportsWriteSecondsWithThreeDecimals(seconds: Double, text: String) {
    #expect(ReportDuration.text(milliseconds: ReportDuration.milliseconds(seconds)) == text)
  }
}
