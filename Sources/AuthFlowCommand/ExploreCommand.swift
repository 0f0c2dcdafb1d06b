import ArgumentParser
import AuthFlowKit

struct ExploreCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore",
    abstract: "Random walks with every invariant checked; a broken one is shrunk to a scenario file.")

  @Option(help: "The machine to explore.") var machine = MachineRegistry.defaultMachine
  @Option(
    parsing: .unconditional,
    help: "Seed of the walks and of the world's ids; the same seed explores the same walks.") var seed:
    UInt64 = 0
  @Option(parsing: .unconditional, help: "How many walks.") var runs = ExploreOptions.defaultRuns
  @Option(parsing: .unconditional, help: "Steps per walk at most.") var depth = ExploreOptions.defaultDepth
  @Option(help: "A scenario file whose backend, given and devices seed the world.") var given: String?
  @Option(help: "Where to write the minimal scenario.") var out = Commands.ExploreRequest.defaultOut
  @OptionGroup var stepTimeout: StepTimeoutOption
  @Option(
    help:
      "A reference machine: play each walk on it too and report the first step where the two show different things."
  )
  var against: String?

  func run() throws {
    var request = Commands.ExploreRequest(
      machine: machine, seed: seed, runs: runs, depth: depth, given: given, out: out,
      registry: AuthflowCommand.registry)
    request.stepTimeout = stepTimeout.duration
    request.against = against
    // The command as invoked: a team's own build of authflow is the one that knows its machines.
    if let invoked = CommandLine.arguments.first?.split(separator: "/").last, !invoked.isEmpty {
      request.program = String(invoked)
    }
    throw ExitCode(Commands.explore(request).rawValue)
  }
}
