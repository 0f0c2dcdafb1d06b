import AuthFlowEngine
import AuthFlowLanguage

/// Turns finished results into one report document. Reporters never see the runner.
///
/// Each conformer lives in its own file and is listed once in ``ReporterRegistry``, which `--report` reads.
public protocol Reporter: Sendable {
  /// The name `--report` uses, e.g. `json`.
  static var identifier: String { get }
  /// What the report is, in a few words, for `--help` and the docs.
  static var abstract: String { get }
  /// Makes the reporter from the run's report options.
  init(options: ReportOptions)
  /// The whole report for a finished run.
  func report(_ results: [ScenarioResult]) -> String
  /// How the report is built, so the secret net hides passwords in its values without breaking it.
  static var markup: Redactor.Markup { get }
}

extension Reporter {
  /// Text, unless the format says otherwise.
  public static var markup: Redactor.Markup { .plain }
}
