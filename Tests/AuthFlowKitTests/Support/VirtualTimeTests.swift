import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Durations (`wait: 1h30m`, backend knobs) and timestamps (`given.now`) as scenarios write them.
@Suite("Virtual time")
struct VirtualTimeTests {
  // MARK: - Durations

  @Test(arguments: [
    ("30s", 30), ("5m", 300), ("1h", 3600), ("3d", 259_200), ("1h30m", 5400), ("2d12h", 216_000),
    ("5m1s", 301), ("3d1s", 259_201), ("1d2h3m4s", 93_784), ("0s", 0), ("007m", 420), ("90m", 5400),
    ("3660d", 316_224_000),
  ])
  func durationsParse(text: String, seconds: Int64) {
    #expect(VirtualDuration(parsing: text)?.seconds == seconds)
  }

  @Test(arguments: [
    "", "90", "1.5h", "30m1h", "1h1h", "5 m", " 5m", "5m ", "h", "-5m", "+5m", "5M", "5min", "1w", "3661d",
    "9999999999s", "1h30", "m5", "1s1s", "5\u{301}m", "\u{FF15}m", "1h\u{0}",
  ])
  func badDurationsAreRejected(text: String) {
    #expect(VirtualDuration(parsing: text) == nil)
  }

  /// A duration written well but too long is told apart from one written badly, however many digits it has:
  /// the loader says "longer than the longest allowed" for these, not "bad duration".
  @Test(arguments: [
    ("9999999999s", Int64(9_999_999_999)), ("99999999999999s", 1_000_000_000_000),
    ("99999999999999999999999d", 86_400_000_000_000_000),
    ("0000000000000000000005s", 5),
    ("1000000000000d1000000000000h1000000000000m1000000000000s", 90_061_000_000_000_000),
  ])
  func overlongDurationsAreReadWithoutOverflowing(text: String, seconds: Int64) {
    #expect(VirtualDuration.seconds(writtenAs: text) == seconds)
  }

  @Test(arguments: [
    (0, "0s"), (45, "45s"), (60, "1m"), (3600, "1h"), (5400, "1h30m"), (86_400, "1d"), (93_784, "1d2h3m4s"),
    (86_401, "1d1s"),
  ])
  func durationsPrintInTheShortestScenarioSpelling(seconds: Int64, text: String) {
    #expect(VirtualDuration(seconds: seconds).description == text)
    #expect(VirtualDuration(parsing: text)?.seconds == seconds, "what prints must parse back")
  }

  // MARK: - Timestamps

  @Test(arguments: [
    ("2026-03-01T09:00:00Z", "2026-03-01T09:00:00Z"),
    ("2026-03-01T10:00:00+01:00", "2026-03-01T09:00:00Z"),
    ("2026-03-01T03:30:00-05:30", "2026-03-01T09:00:00Z"),
    ("2026-03-01T00:30:00+01:00", "2026-02-28T23:30:00Z"),
    ("2025-12-31T23:00:00-01:00", "2026-01-01T00:00:00Z"),
    ("2026-03-01 09:00:00Z", "2026-03-01T09:00:00Z"),
    ("2026-03-01t09:00:00z", "2026-03-01T09:00:00Z"),
    ("2026-03-01T09:00:00.750Z", "2026-03-01T09:00:00Z"),
    ("2026-03-01", "2026-03-01T00:00:00Z"),
    ("2024-02-29T12:00:00Z", "2024-02-29T12:00:00Z"),
    ("2000-02-29", "2000-02-29T00:00:00Z"),
    ("2024-03-01T00:30:00+01:00", "2024-02-29T23:30:00Z"),
    ("1970-01-01T00:00:00Z", "1970-01-01T00:00:00Z"),
    ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
  ])
  func timestampsParseToUTC(text: String, utc: String) {
    #expect(VirtualTime(parsing: text)?.description == utc)
  }

  @Test func theDefaultStartIsNewYear2026() {
    #expect(VirtualTime(parsing: "2026-01-01T00:00:00Z") == .defaultStart)
    #expect(VirtualTime.defaultStart.description == "2026-01-01T00:00:00Z")
    #expect(VirtualTime(parsing: "1970-01-02")?.secondsSince1970 == 86_400)
  }

  @Test func timeMovesAcrossMonthYearAndLeapDayBoundaries() throws {
    let leap = try #require(VirtualTime(parsing: "2024-02-28T23:59:59Z"))
    #expect((leap + .seconds(1)).description == "2024-02-29T00:00:00Z")
    #expect((leap + .days(1) + .seconds(1)).description == "2024-03-01T00:00:00Z")
    let common = try #require(VirtualTime(parsing: "2026-02-28T12:00:00Z"))
    #expect((common + .days(1)).description == "2026-03-01T12:00:00Z")
    #expect((VirtualTime.defaultStart - .seconds(1)).description == "2025-12-31T23:59:59Z")
    #expect(try #require(VirtualTime(parsing: "2026-01-02")) - .defaultStart == .days(1))
  }

  @Test func yearsPastFourDigitsStillPrintWhole() throws {
    let last = try #require(VirtualTime(parsing: "9999-12-31T23:59:59Z"))
    #expect(last.description == "9999-12-31T23:59:59Z")
    #expect((last + .seconds(1)).description == "10000-01-01T00:00:00Z")
    #expect(VirtualTime(secondsSince1970: -62_167_219_200).description == "0000-01-01T00:00:00Z")
  }

  @Test(arguments: [
    "", "2026", "2026-3-01", "2026/03/01", "2026-13-01", "2026-00-01", "2026-01-32", "2026-04-31",
    "2026-02-29", "2100-02-29", "1900-02-29", "2026-03-01T09:00:00", "2026-03-01T09:00Z",
    "2026-03-01T24:00:00Z",
    "2026-03-01T09:60:00Z", "2026-03-01T09:00:60Z", "2026-03-01T09:00:00+0100", "2026-03-01T09:00:00+01",
    "2026-03-01T09:00:00+24:00", "2026-03-01T09:00:00.Z", "2026-03-01T09:00:00ZZ", "2026-03-01T09:00:00Z ",
    "2026-03-01X09:00:00Z", "2026-03-01T9:00:00Z", "tomorrow", "２０２６-03-01",
  ])
  func badTimestampsAreRejected(text: String) {
    #expect(VirtualTime(parsing: text) == nil)
  }
}
