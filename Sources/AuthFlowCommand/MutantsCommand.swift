import ArgumentParser
import AuthFlowKit
import Foundation

struct MutantsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutants",
    abstract: "Run the scenarios against every mutant of a machine and print the mutation score.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Option(help: "The machine whose mutants to try.") var machine = MachineRegistry.defaultMachine
  @Option(parsing: .unconditional, help: "Seed (overrides each file's `seed`).") var seed: UInt64?
  @OptionGroup var stepTimeout: StepTimeoutOption

  func run() throws {
    var options = Commands.MutantsOptions(
      paths: paths, machine: machine, seed: seed, registry: AuthflowCommand.registry)
    options.stepTimeout = stepTimeout.duration
    throw ExitCode(Commands.mutants(options).rawValue)
  }
}
