import ArgumentParser
import AuthFlowKit

struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Print the JSON Schema of the scenario language, for editor completion.",
    discussion: "swift run authflow schema > authflow.schema.json, then start a scenario file with "
      + "'# yaml-language-server: $schema=authflow.schema.json'.")

  func run() throws {
    throw ExitCode(Commands.schema(registry: AuthflowCommand.registry).rawValue)
  }
}
