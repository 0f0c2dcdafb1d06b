import AuthFlowEngine
import AuthFlowLanguage

/// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` annotation per failed or
/// errored scenario, which GitHub shows on the line of the scenario file that failed — and one per problem in
/// an invalid scenario file.
///
/// `authflow run` streams them as scenarios finish whenever `GITHUB_ACTIONS=true`; `--report github-actions`
/// asks for them anywhere else.
public struct GitHubActionsReporter: Reporter {
  /// `--report github-actions`.
  public static let identifier = "github-actions"
  /// What `authflow run --help` says of the format.
  public static let abstract = "::error annotations, automatic when GITHUB_ACTIONS=true"

  /// A GitHub Actions report; it has no options.
  public init(options: ReportOptions = ReportOptions()) {}

  /// One `::error file=…,line=…` annotation per failing scenario.
  public func report(_ results: [ScenarioResult]) -> String {
    results.map(render).joined()
  }

  /// The annotation of one scenario, with its line break; empty when it passed.
  public func render(_ result: ScenarioResult) -> String {
    guard result.status != .passed, let failure = result.failure else { return "" }
    let title = "\(result.status == .failed ? "Scenario failed" : "Scenario errored"): \(result.name)"
    return annotation(at: failure.location, title: title, message: failure.message)
  }

  /// The annotation of a problem in a scenario file (`authflow run` or `lint` on invalid input).
  public func render(_ diagnostic: Diagnostic) -> String {
    annotation(at: diagnostic.location, title: "Invalid scenario file", message: diagnostic.message)
  }

  private func annotation(at location: SourceLocation, title: String, message: String) -> String {
    "::error file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column),"
      + "title=\(escapeProperty(title))::\(escapeData(message))\n"
  }

  /// Message text: `%`, carriage returns and line feeds are percent-encoded, as the runner expects; other
  /// control characters are written visibly (``PlainText``), so no text can reach the log raw.
  private func escapeData(_ text: String) -> String {
    ScalarEscaper.escape(text) { scalar in
      switch scalar {
      case "%": "%25"
      case "\r": "%0D"
      case "\n": "%0A"
      case _ where PlainText.isControl(scalar): PlainText.visible(String(scalar))
      default: nil
      }
    }
  }

  /// Property values: also `:` and `,`, which would end the property.
  private func escapeProperty(_ text: String) -> String {
    ScalarEscaper.escape(escapeData(text)) { scalar in
      switch scalar {
      case ":": "%3A"
      case ",": "%2C"
      default: nil
      }
    }
  }
}
