import ArgumentParser
import AuthFlowKit

struct PlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "play",
    abstract: "Write a scenario one step at a time: each step runs at once; save writes what you saw.")

  @Option(help: "The machine to play.") var machine = MachineRegistry.defaultMachine
  @Option(help: "A scenario file whose backend, given and devices start the session.") var given: String?
  @Option(parsing: .unconditional, help: "Seed of the world's ids and codes.") var seed: UInt64 = 0

  func run() throws {
    let request = Commands.PlayRequest(
      machine: machine, given: given, seed: seed, registry: AuthflowCommand.registry)
    let editor = LineEditor { StepCompletion.candidates(for: $0, commands: Commands.playCommands) }
    throw ExitCode(Commands.play(request) { editor.line(prompt: $0) }.rawValue)
  }
}
