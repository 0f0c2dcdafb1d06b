import ArgumentParser
import AuthFlowKit
import Foundation

/// `authflow`: flags in, one library call, an exit status out.
@main
struct Authflow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "authflow",
    abstract: "Play YAML authentication scenarios against an app's auth logic and production-faithful fakes.",
    subcommands: [Run.self, Lint.self],
    defaultSubcommand: Run.self)

  /// Bad flags exit with 2, as SPEC section 7 asks (ArgumentParser's own default is 64).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let exit as ExitCode {
      Foundation.exit(exit.rawValue)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
        Foundation.exit(0)
      }
      FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
      Foundation.exit(Commands.ExitStatus.invalidInput.rawValue)
    }
  }
}

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run scenarios (default path: Scenarios).")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Option(help: "Run every scenario on this machine (overrides the file's `machine`).") var machine: String?
  @Option(help: "Seed for ids, codes and nicknames (overrides the file's `seed`).") var seed: UInt64?
  @Option(help: "Only scenarios whose name contains this text.") var filter: String?
  @Option(
    name: .customLong("report"), help: "FORMAT[:PATH]; formats: console, json. Repeatable; PATH - is stdout.")
  var reports: [String] = []
  @Flag(help: "Print the transcript of every scenario, not only of failures.") var verbose = false

  func run() throws {
    var requests: [ReportRequest] = []
    for text in reports {
      do { requests.append(try ReportRequest(parsing: text)) } catch { throw ValidationError(error.message) }
    }
    let options = Commands.RunOptions(
      paths: paths, configuration: RunConfiguration(machine: machine, seed: seed, filter: filter),
      reports: requests, verbose: verbose)
    throw ExitCode(Commands.run(options).rawValue)
  }
}

struct Lint: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Check scenario files without running them.")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []

  func run() throws {
    throw ExitCode(Commands.lint(paths: paths).rawValue)
  }
}
