import AuthFlowLanguage
import Foundation

/// How `authflow run --jobs N` starts a worker process: its own executable, with the hidden `worker`
/// subcommand.
///
/// Async-machine scenarios share the process's one app queue and so play one at a time in a process
/// (Docs/AsyncMachines.md); with `--jobs N` a run plays them in up to N − 1 worker processes besides its own, each
/// a copy of the same command (the same machines registered), and prints their results in load order as
/// always.
public struct WorkerLaunch: Sendable, Equatable {
  /// The executable to start.
  public var executable: String
  /// Its arguments: the subcommand that serves as a worker.
  public var arguments: [String]

  /// A worker started as `executable arguments…`.
  public init(executable: String, arguments: [String]) {
    self.executable = executable
    self.arguments = arguments
  }

  /// This process's own executable with `arguments`, when the system says where it is.
  public static func thisExecutable(arguments: [String]) -> WorkerLaunch? {
    guard let path = Bundle.main.executablePath, FileManager.default.isExecutableFile(atPath: path) else {
      return nil
    }
    return WorkerLaunch(executable: path, arguments: arguments)
  }

  /// The line `/bin/sh -c` runs: each word quoted, so no path or argument is read by the shell.
  var shellCommand: String { ([executable] + arguments).map(ShellWord.quoted).joined(separator: " ") }
}
