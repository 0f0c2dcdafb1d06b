import AuthFlowEngine
import AuthFlowLanguage

/// What the command line tells every reporter; most ignore it.
public struct ReportOptions: Sendable {
  /// ANSI colour, only on a terminal and never with `NO_COLOR`.
  public var colour: Bool
  /// Print every scenario's transcript, not only failures'.
  public var verbose: Bool
  /// `--coverage`: the transitions the run exercised (the JSON report includes them).
  public var coverage: CoverageReport?

  /// Options for every format; each reporter reads those it uses.
  public init(colour: Bool = false, verbose: Bool = false, coverage: CoverageReport? = nil) {
    self.colour = colour
    self.verbose = verbose
    self.coverage = coverage
  }
}
