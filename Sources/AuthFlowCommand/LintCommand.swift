import ArgumentParser
import AuthFlowKit
import Foundation

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint", abstract: "Check scenario files without running them.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []

  @Option(
    help: ArgumentHelp(
      "Check every scenario against this machine's screens, ui values, actions and providers (default: each "
        + "scenario's own machine).", valueName: "name"))
  var machine: String?

  func run() throws {
    throw ExitCode(Commands.lint(paths: paths, machine: machine, registry: AuthflowCommand.registry).rawValue)
  }
}
