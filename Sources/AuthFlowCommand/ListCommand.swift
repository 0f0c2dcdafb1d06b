import ArgumentParser
import AuthFlowKit

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the scenarios a run would take: name, file:line and tags, tab-separated.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Option(
    help:
      "List what 'run --machine' would play: a matrix's machines replaced, its combinations named after it.")
  var machine: String?
  @OptionGroup var selection: SelectionOptions

  func run() throws {
    let configuration = RunConfiguration(
      machine: machine, filter: selection.filter, tags: selection.tags, skipTags: selection.skipTags,
      shard: try selection.parsedShard(), registry: AuthflowCommand.registry)
    throw ExitCode(Commands.list(paths: paths, configuration: configuration).rawValue)
  }
}
