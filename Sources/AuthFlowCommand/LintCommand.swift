import ArgumentParser
import AuthFlowKit
import Foundation

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint", abstract: "Check scenario files without running them.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []

  func run() throws {
    throw ExitCode(Commands.lint(paths: paths, registry: AuthflowCommand.registry).rawValue)
  }
}
