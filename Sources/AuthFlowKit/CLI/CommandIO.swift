import Foundation

/// Where a command writes, and what it knows of its terminal: injected so tests capture the output.
public struct CommandIO: Sendable {
  public var out: @Sendable (String) -> Void
  public var err: @Sendable (String) -> Void
  /// Standard output is a terminal (colour is allowed unless `NO_COLOR` is set).
  public var isTerminal: Bool
  public var environment: [String: String]
  /// What everything written through this output hides: the last net under every report, stream and file
  /// (see ``hiding(_:)``).
  var redactor = Redactor(passwords: [])

  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    isTerminal: Bool = false, environment: [String: String] = [:]
  ) {
    self.out = out
    self.err = err
    self.isTerminal = isTerminal
    self.environment = environment
  }

  /// The process's standard output and error.
  public static var standard: CommandIO {
    CommandIO(
      // `try?`: a reader that went away (`authflow run | head`) must not crash the run.
      out: { text in try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8)) },
      err: { text in try? FileHandle.standardError.write(contentsOf: Data(text.utf8)) },
      isTerminal: isatty(STDOUT_FILENO) == 1,
      environment: ProcessInfo.processInfo.environment)
  }

  var colour: Bool { isTerminal && environment["NO_COLOR"] == nil }

  /// This output, hiding `secrets` (as `‹password›`) in everything written through it, files included.
  func hiding(_ secrets: [String]) -> CommandIO {
    let redactor = Redactor(hiding: secrets + self.redactor.secrets)
    var io = self
    let (out, err) = (out, err)
    io.out = { out(redactor.scrub($0)) }
    io.err = { err(redactor.scrub($0)) }
    io.redactor = redactor
    return io
  }

  /// Writes a file all at once (temporary file, then rename), so an interrupted run leaves no half report.
  func writeAtomically(_ text: String, to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(redactor.scrub(text).utf8).write(to: url, options: .atomic)
  }
}
