/// Turns finished results into one report document. Reporters never see the runner.
///
/// Each conformer lives in its own file and is listed once in ``ReporterRegistry``, which `--report` reads.
public protocol Reporter: Sendable {
  /// The name `--report` uses, e.g. `json`.
  static var identifier: String { get }
  /// What the report is, in a few words, for `--help` and the docs.
  static var abstract: String { get }
  init(options: ReportOptions)
  /// The whole report for a finished run.
  func report(_ results: [ScenarioResult]) -> String
}

/// What the command line tells every reporter; most ignore it.
public struct ReportOptions: Sendable {
  /// ANSI colour, only on a terminal and never with `NO_COLOR`.
  public var colour: Bool
  /// Print every scenario's transcript, not only failures'.
  public var verbose: Bool
  /// `--coverage`: the transitions the run exercised (the JSON report includes them).
  public var coverage: CoverageReport?

  public init(colour: Bool = false, verbose: Bool = false, coverage: CoverageReport? = nil) {
    self.colour = colour
    self.verbose = verbose
    self.coverage = coverage
  }
}

/// A `--report FORMAT[:PATH]` request: which reporter, and where (nil or `-`: standard output).
public struct ReportRequest: Equatable, Sendable {
  public var format: String
  public var path: String?

  public init(format: String, path: String? = nil) {
    self.format = format
    self.path = path
  }

  /// Parses `json`, `json:out/report.json` or `json:-`; an unknown format lists the known ones.
  public init(parsing text: String) throws(UsageError) {
    let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let format = parts[0]
    guard ReporterRegistry.reporter(named: format) != nil else {
      let formats = ReporterRegistry.identifiers
      throw UsageError(
        "unknown report format '\(format)'\(Suggestion.didYouMean(format, in: formats)); "
          + "formats: \(formats.joined(separator: ", "))")
    }
    let path = parts.count > 1 ? parts[1] : nil
    if path == "" { throw UsageError("missing path after '\(format):' (use '-' for standard output)") }
    self.init(format: format, path: path == "-" ? nil : path)
  }
}
