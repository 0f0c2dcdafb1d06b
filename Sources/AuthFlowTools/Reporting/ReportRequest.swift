import Foundation
import AuthFlowEngine
import AuthFlowLanguage

/// A `--report FORMAT[:PATH]` request: which reporter, and where (nil or `-`: standard output).
public struct ReportRequest: Equatable, Sendable {
  /// The format's identifier (`junit`).
  public var format: String
  /// Where to write it; nil for standard output.
  public var path: String?

  /// A report in `format` written to `path` (standard output when nil).
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
      let suggestion = Suggestion.didYouMean(format, in: formats)
      throw UsageError(
        "unknown report format '\(format)'\(suggestion)\(suggestion.isEmpty ? ";" : "") "
          + "formats: \(formats.joined(separator: ", "))")
    }
    let path = parts.count > 1 ? parts[1] : nil
    if path == "" { throw UsageError("missing path after '\(format):' (use '-' for standard output)") }
    self.init(format: format, path: path == "-" ? nil : path)
  }

  /// Why `requests` cannot all be written, or nil: two reports to standard output would interleave into
  /// something neither format can read, and two to one file would leave only the last.
  public static func conflict(in requests: [ReportRequest]) -> UsageError? {
    var seen: [String: ReportRequest] = [:]
    for request in requests {
      let destination = request.path.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? "-"
      if let earlier = seen[destination] {
        let place = request.path.map { "the file '\($0)'" } ?? "standard output"
        return UsageError(
          "--report \(earlier.format) and --report \(request.format) both write to \(place); give each report a "
            + "place of its own")
      }
      seen[destination] = request
    }
    return nil
  }
}
