import ArgumentParser
import AuthFlowKit
import Foundation

struct MachinesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "machines", abstract: "List the machines and mutants, with what each supports.")

  func run() throws {
    throw ExitCode(Commands.machines(registry: AuthflowCommand.registry).rawValue)
  }
}
