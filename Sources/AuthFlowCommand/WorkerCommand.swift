import ArgumentParser
import AuthFlowEngine
import AuthFlowKit

/// `authflow worker`, not listed in the help: the process `run --jobs N` starts to play async-machine
/// scenarios beside its own (it speaks only to its parent, over standard input and output).
struct WorkerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "worker", abstract: "Play async-machine scenarios for a parent `authflow run --jobs`.",
    shouldDisplay: false)

  func run() throws {
    throw ExitCode(ScenarioWorker.serve(registry: AuthflowCommand.registry))
  }
}
