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
      commandName: "authflow",
      abstract:
        "Play YAML authentication scenarios against an app's auth logic and production-faithful fakes.",
      subcommands: [
        RunCommand.self, LintCommand.self, ListCommand.self, MachinesCommand.self, MutantsCommand.self,
        ExploreCommand.self, SchemaCommand.self,
      ] + extraSubcommands,
      defaultSubcommand: RunCommand.self)
  }

  /// The machines the subcommands can name, for this invocation.
  @TaskLocal static var registry = MachineRegistry.builtIn
  /// Subcommands added for this invocation (the `authflow` executable adds `serve`).
  @TaskLocal static var extraSubcommands: [any ParsableCommand.Type] = []

  public init() {}

  /// Parses the process's arguments and runs the command with `registry`'s machines and the built-in
  /// subcommands followed by `subcommands`; exits the process.
  /// Bad flags exit with 2, as SPEC section 7 asks (ArgumentParser's own default is 64).
  /// Output that could not be written (a reader gone, a full disk) also exits with 2.
  public static func main(
    registry: MachineRegistry, adding subcommands: [any ParsableCommand.Type] = []
  ) -> Never {
    signal(SIGPIPE, SIG_IGN)
    let io = CommandIO.standard
    let status = $registry.withValue(registry) { () -> Int32 in
      $extraSubcommands.withValue(subcommands) { () -> Int32 in
        do {
          var command = try parseAsRoot()
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
          return Commands.ExitStatus.invalidInput.rawValue
        }
      }
    }
    let written = io.finish(.success)
    Foundation.exit(written == .success ? status : written.rawValue)
  }
}

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run scenarios (default path: Scenarios).")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Option(help: "Run every scenario on this machine (overrides the file's `machine`).") var machine: String?
  @Option(help: "Seed for ids, codes and nicknames (overrides the file's `seed`).") var seed: UInt64?
  @OptionGroup var selection: SelectionOptions
  @Option(help: "Run this many scenarios at once (default 1); the output is the same for any number.")
  var jobs = 1
  @Option(
    name: .customLong("report"),
    help: ArgumentHelp(
      "Repeatable; PATH - (or none) is stdout; files are replaced atomically, devices written in place.",
      discussion: "FORMAT: \(ReporterRegistry.help).", valueName: "FORMAT[:PATH]"))
  var reports: [String] = []
  @Option(
    help: ArgumentHelp("Write one Markdown transcript per scenario into this folder.", valueName: "DIR"))
  var transcripts: String?
  @Flag(help: "Print the transcript of every scenario, not only of failures.") var verbose = false
  @Flag(help: "Every email sent and error shown must be checked before the next action.") var strict = false
  @Flag(help: "Print the (state, screen, action) transitions exercised and never exercised.") var coverage =
    false
  @Option(
    name: .customLong("exec-timeout"),
    help: "Seconds an exec: adapter may take to send a line before its scenario errors.")
  var execTimeout: Double = 10
  @OptionGroup var stepTimeout: StepTimeoutOption

  func validate() throws {
    guard execTimeout.isFinite, execTimeout > 0, execTimeout <= 3600 else {
      throw ValidationError("--exec-timeout must be a number of seconds above 0 and at most 3600")
    }
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
  }

  func run() throws {
    var requests: [ReportRequest] = []
    for text in reports {
      do { requests.append(try ReportRequest(parsing: text)) } catch { throw ValidationError(error.message) }
    }
    var configuration = RunConfiguration(
      machine: machine, seed: seed, filter: selection.filter, tags: selection.tags,
      skipTags: selection.skipTags, shard: try selection.parsedShard(), registry: AuthflowCommand.registry,
      execTimeout: .milliseconds(Int(execTimeout * 1000)))
    configuration.strict = strict
    configuration.recordsCoverage = coverage
    configuration.stepTimeout = stepTimeout.duration
    var options = Commands.RunOptions(
      paths: paths, configuration: configuration, reports: requests, verbose: verbose)
    options.jobs = jobs
    options.transcripts = transcripts
    throw ExitCode(Commands.run(options).rawValue)
  }
}

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint", abstract: "Check scenario files without running them.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []

  func run() throws {
    throw ExitCode(Commands.lint(paths: paths, registry: AuthflowCommand.registry).rawValue)
  }
}

struct MachinesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "machines", abstract: "List the machines and mutants, with what each supports.")

  func run() throws {
    throw ExitCode(Commands.machines(registry: AuthflowCommand.registry).rawValue)
  }
}

struct MutantsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutants",
    abstract: "Run the scenarios against every mutant of a machine and print the mutation score.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Option(help: "The machine whose mutants to try.") var machine = MachineRegistry.defaultMachine
  @Option(help: "Seed (overrides each file's `seed`).") var seed: UInt64?

  func run() throws {
    let options = Commands.MutantsOptions(
      paths: paths, machine: machine, seed: seed, registry: AuthflowCommand.registry)
    throw ExitCode(Commands.mutants(options).rawValue)
  }
}
