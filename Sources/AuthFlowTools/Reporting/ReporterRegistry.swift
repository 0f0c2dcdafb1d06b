import AuthFlowEngine
import AuthFlowLanguage

/// Every report format `--report` accepts, looked up by identifier.
public enum ReporterRegistry {
  /// The reporters, in the order `--help` and the docs list them.
  public static let reporters: [any Reporter.Type] = [
    ConsoleReporter.self, JSONReporter.self, JUnitReporter.self, TAPReporter.self, MarkdownReporter.self,
    GitHubActionsReporter.self,
  ]

  /// The identifiers `--report` accepts, in order.
  public static var identifiers: [String] { reporters.map { $0.identifier } }

  /// The reporter named `identifier`, or nil.
  public static func reporter(named identifier: String) -> (any Reporter.Type)? {
    reporters.first { $0.identifier == identifier }
  }

  /// `console (what it is), json (…), …`, for `--help`.
  public static var help: String {
    reporters.map { "\($0.identifier) (\($0.abstract))" }.joined(separator: ", ")
  }
}
