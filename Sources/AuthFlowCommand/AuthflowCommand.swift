import ArgumentParser
import AuthFlowKit
import Foundation

/// The `authflow` command line: flags in, one library call, an exit status out.
///
/// Your own build of the command can register extra machines:
/// ```swift
/// var registry = MachineRegistry.builtIn
/// registry.register(MyApp.descriptor)
/// AuthflowCommand.main(registry: registry)
/// ```
/// It has every subcommand but `serve`, which the `authflow` executable adds (`adding:`), so a build of your
/// own command does not compile an HTTP server.
public struct AuthflowCommand: ParsableCommand {
  /// The subcommands, with those `main(registry:adding:)` was given after the built-in ones.
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: commandName,
      abstract:
        "Play YAML authentication scenarios against an app's auth logic and production-faithful fakes.",
      subcommands: [
        RunCommand.self, LintCommand.self, ListCommand.self, MachinesCommand.self, MutantsCommand.self,
        ExploreCommand.self, SchemaCommand.self, PlayCommand.self, WorkerCommand.self,
      ] + extraSubcommands,
      defaultSubcommand: RunCommand.self)
  }

  /// The name usage lines and help show: the executable's (a team's own build of the command has its own name).
  @TaskLocal static var commandName = "authflow"
  /// The machines the subcommands can name, for this invocation.
  @TaskLocal static var registry = MachineRegistry.builtIn
  /// Subcommands added for this invocation (the `authflow` executable adds `serve`).
  @TaskLocal static var extraSubcommands: [any ParsableCommand.Type] = []

  /// Creates the root command; ArgumentParser fills in the subcommand it runs.
  public init() {}

  /// Parses the process's arguments and runs the command with `registry`'s machines and the built-in
  /// subcommands followed by `subcommands`; exits the process.
  /// Bad flags exit with 2, as SPEC section 7 asks (ArgumentParser's own default is 64).
  /// Output that could not be written (a reader gone, a full disk) also exits with 2.
  ///
  /// It first installs authflow's executors (`AsyncExecutors.install()`), so call it from a synchronous
  /// `main` before anything creates a task: async machines then run deterministically, and everything else
  /// (`serve` included) runs on the platform's executors as before. The command then runs on a thread of its
  /// own and gives the main thread to async apps and what they queue on `DispatchQueue.main`
  /// (`AsyncExecutors.runBesideMainQueue(_:)`).
  public static func main(
    registry: MachineRegistry, adding subcommands: [any ParsableCommand.Type] = []
  ) -> Never {
    AsyncExecutors.install()
    signal(SIGPIPE, SIG_IGN)
    StandardOutputBuffering.lineByLine()
    let arguments = Arguments(registry: registry, subcommands: subcommands)
    AsyncExecutors.runBesideMainQueue { run(arguments) }
  }

  /// A hint for an option the subcommand does not have, where ArgumentParser has none: the one of its own that
  /// another tool's name stands for (`--format` is `--report` here). ArgumentParser suggests near spellings
  /// itself (`--seeds` → `--seed`).
  static func unknownOptionHint(for error: Error, arguments: [String]) -> String? {
    let message = fullMessage(for: error)
    guard !message.contains("Did you mean"), let start = message.range(of: "Unknown option '"),
      let end = message[start.upperBound...].firstIndex(of: "'"),
      let synonym = otherToolsOptions[String(message[start.upperBound..<end])]
    else { return nil }
    let named = arguments.dropFirst().lazy.compactMap { argument in
      configuration.subcommands.first { $0.configuration.commandName == argument }
    }
    guard helpMessage(for: named.first ?? RunCommand.self).contains(synonym + " ") else { return nil }
    return "Hint: did you mean '\(synonym)'? See the options with --help."
  }

  /// Other test runners' names for options this command spells its own way.
  private static let otherToolsOptions = [
    "--format": "--report", "--reporter": "--report", "--output": "--report", "--junit": "--report",
    "--json": "--report", "--parallel": "--jobs", "--workers": "--jobs", "--grep": "--filter",
    "--only": "--filter", "--timeout": "--step-timeout",
  ]

  /// What `main` hands to the command's thread. `@unchecked Sendable`: the thread is its only user.
  private struct Arguments: @unchecked Sendable {
    var registry: MachineRegistry
    var subcommands: [any ParsableCommand.Type]
  }

  /// Runs the command; the process's exit status.
  private static func run(_ arguments: Arguments) -> Int32 {
    let (registry, subcommands) = (arguments.registry, arguments.subcommands)
    let io = CommandIO.standard
    let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
    let status = $commandName.withValue(name.isEmpty ? commandName : name) {
      run(registry: registry, subcommands: subcommands, io: io)
    }
    let written = io.finish(.success)
    return written == .success ? status : written.rawValue
  }

  private static func run(
    registry: MachineRegistry, subcommands: [any ParsableCommand.Type], io: CommandIO
  ) -> Int32 {
    $registry.withValue(registry) { () -> Int32 in
      $extraSubcommands.withValue(subcommands) { () -> Int32 in
        do {
          var command = try parseAsRoot()
          // Commands that play app code in this process: what it prints is not their output.
          if command is RunCommand || command is ExploreCommand || command is MutantsCommand {
            StandardOutputBuffering.sendAppOutputToStandardError()
          }
          try command.run()
          return 0
        } catch let exit as ExitCode {
          return exit.rawValue
        } catch {
          if exitCode(for: error) == .success {
            io.out(fullMessage(for: error) + "\n")
            return 0
          }
          io.err(fullMessage(for: error) + "\n")
          if let hint = unknownOptionHint(for: error, arguments: CommandLine.arguments) {
            io.err(hint + "\n")
          }
          return Commands.ExitStatus.invalidInput.rawValue
        }
      }
    }
  }
}
