#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Where a command writes, and what it knows of its terminal: injected so tests capture the output.
public struct CommandIO: Sendable {
  /// Writes to standard output.
  public var out: @Sendable (String) -> Void
  /// Writes to standard error.
  public var err: @Sendable (String) -> Void
  /// Standard output is a terminal (colour is allowed unless `NO_COLOR` is set to a non-empty value, as
  /// no-color.org says).
  public var isTerminal: Bool
  /// The environment variables the command reads (`GITHUB_ACTIONS`, `NO_COLOR`).
  public var environment: [String: String]
  /// What everything written through this output hides: the last net under every report, stream and file
  /// (see ``hiding(_:)``).
  var redactor = Redactor(passwords: [])
  /// Standard output and error without the net, for documents the net goes over by their markup
  /// (``out(_:markup:)``).
  private var unscrubbedOut: (@Sendable (String) -> Void)?
  private var unscrubbedErr: (@Sendable (String) -> Void)?

  /// Writes a whole document (a report) to standard output, its secrets hidden as its `markup` allows.
  func out(_ text: String, markup: Redactor.Markup) {
    guard let unscrubbedOut else { return out(text) }
    unscrubbedOut(redactor.scrub(text, markup: markup))
  }
  /// The process's standard output and error, when `out` and `err` write to them (``standard``).
  var streams: (out: OutputDescriptor, err: OutputDescriptor)?

  /// Where a command writes and what it reads; tests pass closures that collect the output.
  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    isTerminal: Bool = false, environment: [String: String] = [:]
  ) {
    self.out = out
    self.err = err
    self.isTerminal = isTerminal
    self.environment = environment
  }

  private static let standardOutput = OutputDescriptor(STDOUT_FILENO, name: "standard output")
  private static let standardError = OutputDescriptor(STDERR_FILENO, name: "standard error")

  /// The process's standard output and error. Every write is checked; the first that fails (a reader that went
  /// away, a full disk) stops that stream, and ``finish(_:)`` turns it into exit status 2.
  public static var standard: CommandIO {
    let (out, err) = (standardOutput, standardError)
    var io = CommandIO(
      out: { out.write($0) }, err: { err.write($0) }, isTerminal: isatty(STDOUT_FILENO) == 1,
      environment: ProcessInfo.processInfo.environment)
    io.streams = (out, err)
    return io
  }

  var colour: Bool { isTerminal && (environment["NO_COLOR"] ?? "").isEmpty }

  /// This output, hiding `secrets` (as `‹password›`) in everything written through it, files included, except
  /// where one is written whole as one of authflow's own `words` (the language's, and those given).
  func hiding(_ secrets: [String], keeping words: Set<String> = []) -> CommandIO {
    let redactor = Redactor(
      hiding: secrets + self.redactor.secrets,
      keeping: words.union(self.redactor.keptWords).union(ScenarioLanguage.words))
    var io = self
    let (out, err) = (unscrubbedOut ?? out, unscrubbedErr ?? err)
    io.unscrubbedOut = out
    io.unscrubbedErr = err
    io.out = { out(redactor.scrub($0)) }
    io.err = { err(redactor.scrub($0)) }
    io.redactor = redactor
    return io
  }

  /// The command's exit status once its output is complete: standard output is closed, and when a write to
  /// it (or its close) failed, the reason goes to standard error and the status becomes 2. Call it last.
  public func finish(_ status: Commands.ExitStatus) -> Commands.ExitStatus {
    guard let streams else { return status }
    streams.out.close()
    if let error = streams.out.error {
      streams.err.write("error: \(error)\n")
      return .invalidInput
    }
    return streams.err.error == nil ? status : .invalidInput
  }

  /// The standard stream that is the file `status` describes (`/dev/stdout`, `/dev/fd/2`), if any.
  func standardStream(for status: stat) -> OutputDescriptor? {
    guard let streams else { return nil }
    return [streams.out, streams.err].first { stream in
      var own = stat()
      return fstat(stream.descriptor, &own) == 0 && own.st_dev == status.st_dev && own.st_ino == status.st_ino
    }
  }
}
