/// Turns finished results into one report document. Reporters never see the runner.
public protocol Reporter: Sendable {
  /// The name `--report` uses, e.g. `json`.
  static var identifier: String { get }
  /// The whole report for a finished run.
  func report(_ results: [ScenarioResult]) -> String
}

/// A `--report FORMAT[:PATH]` request: which reporter, and where (nil or `-`: standard output).
public struct ReportRequest: Equatable, Sendable {
  public var format: String
  public var path: String?

  public init(format: String, path: String? = nil) {
    self.format = format
    self.path = path
  }

  /// The formats `--report` accepts.
  public static let formats = [ConsoleReporter.identifier, JSONReporter.identifier]

  /// Parses `json`, `json:out/report.json` or `json:-`.
  public init(parsing text: String) throws(UsageError) {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let format = parts[0]
    guard Self.formats.contains(format) else {
      throw UsageError(
        "unknown report format '\(format)'\(Suggestion.didYouMean(format, in: Self.formats)); "
          + "formats: \(Self.formats.joined(separator: ", "))")
    }
    let path = parts.count > 1 ? parts[1] : nil
    if path == "" { throw UsageError("missing path after '\(format):' (use '-' for standard output)") }
    self.init(format: format, path: path == "-" ? nil : path)
  }
}

/// A bad flag or argument on the command line (exit status 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
