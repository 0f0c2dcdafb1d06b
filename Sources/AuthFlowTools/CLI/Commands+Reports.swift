import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension Commands {
  /// Where GitHub Actions annotations go as scenarios finish: nil unless `GITHUB_ACTIONS=true` (and
  /// `--report github-actions` did not ask for them already); standard error when standard output carries a
  /// report other than the console, so that report stays parseable (the runner reads both streams).
  static func annotationStream(_ reports: [ReportRequest], streamsConsole: Bool, io: CommandIO)
    -> (@Sendable (String) -> Void)?
  {
    guard io.environment["GITHUB_ACTIONS"] == "true",
      !reports.contains(where: { $0.format == GitHubActionsReporter.identifier })
    else { return nil }
    let other = reports.contains { $0.path == nil && $0.format != ConsoleReporter.identifier }
    return streamsConsole || !other ? io.out : io.err
  }

  /// Writes every `--report` but the streamed console (through ``OutputFiles``), then the `--transcripts`
  /// files; false when one could not be written (the reason is printed).
  static func writeReports(
    _ reports: [ReportRequest], results: [ScenarioResult], options: RunOptions, coverage: CoverageReport?,
    io: CommandIO
  ) -> Bool {
    var files = OutputFiles(io: io)
    for request in reports where !(request.format == ConsoleReporter.identifier && request.path == nil) {
      guard let reporter = ReporterRegistry.reporter(named: request.format) else {
        io.err("error: unknown report format '\(request.format)'\n")
        return false
      }
      let text = reporter.init(options: ReportOptions(verbose: options.verbose, coverage: coverage)).report(
        results)
      guard let path = request.path else {
        io.out(text, markup: reporter.markup)
        continue
      }
      guard
        write(
          text, to: path, what: "the \(request.format) report", files: &files, io: io, markup: reporter.markup
        )
      else {
        return false
      }
    }
    guard let folder = options.transcripts else { return true }
    for file in TranscriptFiles.files(for: results) {
      let path = folder.hasSuffix("/") ? folder + file.name : "\(folder)/\(file.name)"
      guard write(file.contents, to: path, what: "a transcript", files: &files, io: io) else { return false }
    }
    return true
  }

  /// Writes one file; false (with the reason printed) when it could not be written.
  static func write(
    _ text: String, to path: String, what: String, files: inout OutputFiles, io: CommandIO,
    verbatim: Bool = false, markup: Redactor.Markup = .plain
  ) -> Bool {
    do {
      try files.write(text, to: path, verbatim: verbatim, markup: markup)
      return true
    } catch {
      io.err("error: cannot write \(what) to \(PlainText.quoted(path)): \(error.reason)\n")
      return false
    }
  }
}
