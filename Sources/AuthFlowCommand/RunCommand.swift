import ArgumentParser
import AuthFlowKit
import Foundation

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run", abstract: "Run scenarios (default path: Scenarios).")

  @Argument(help: "Scenario files or folders.") var paths: [String] = []
  @Option(
    help:
      "Run the scenarios on this machine (overrides the file's `machine`); a mutant replaces only its own machine's."
  )
  var machine: String?
  @Option(parsing: .unconditional, help: "Seed for ids, codes and nicknames (overrides the file's `seed`).")
  var seed: UInt64?
  @OptionGroup var selection: SelectionOptions
  @Option(
    parsing: .unconditional,
    help: "Run this many scenarios at once (default 1); the output is the same for any number.")
  var jobs = 1
  @Option(
    name: .customLong("report"),
    help: ArgumentHelp(
      "Repeatable; PATH - (or none) is stdout; files are replaced atomically, devices written in place.",
      discussion: "FORMAT: \(ReporterRegistry.help).", valueName: "FORMAT[:PATH]"))
  var reports: [String] = []
  @Option(
    help: ArgumentHelp("Write one Markdown transcript per scenario into this folder.", valueName: "DIR"))
  var transcripts: String?
  @Flag(help: "Print the transcript of every scenario, not only of failures.") var verbose = false
  @Flag(help: "Every email and SMS sent and error shown must be checked before the next action.")
  var strict = false
  @Flag(help: "Print the (state, screen, action) transitions exercised and never exercised.") var coverage =
    false
  @Option(
    name: .customLong("exec-timeout"),
    help: ArgumentHelp(
      "How long an exec: adapter may take to send a line (default 10s) before its scenario errors.",
      valueName: "seconds"),
    transform: { try Timeout.parse($0, option: "--exec-timeout") })
  var execTimeout = Timeout(seconds: 10)
  @OptionGroup var stepTimeout: StepTimeoutOption
  @Flag(
    help:
      "After the run, run the scenarios of each file that changes (or whose flows change) again; ^C stops.")
  var watch = false

  func validate() throws {
    guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
    // Here, not in `run()`: a validation error thrown there gets the root command's usage line.
    _ = try reportRequests()
  }

  /// The `--report`s, parsed; a bad one, or two to one place, is a usage error.
  private func reportRequests() throws -> [ReportRequest] {
    var requests: [ReportRequest] = []
    for text in reports {
      do { requests.append(try ReportRequest(parsing: text)) } catch { throw ValidationError(error.message) }
    }
    if let conflict = ReportRequest.conflict(in: requests) { throw ValidationError(conflict.message) }
    return requests
  }

  func run() throws {
    noteCommandTypo()
    let requests = try reportRequests()
    var configuration = RunConfiguration(
      machine: machine, seed: seed, filter: selection.filter, tags: selection.tags,
      skipTags: selection.skipTags, shard: try selection.parsedShard(), registry: AuthflowCommand.registry,
      execTimeout: execTimeout.duration)
    configuration.strict = strict
    configuration.recordsCoverage = coverage
    configuration.stepTimeout = stepTimeout.duration
    var options = Commands.RunOptions(
      paths: paths, configuration: configuration, reports: requests, verbose: verbose)
    options.jobs = jobs
    options.transcripts = transcripts
    options.workers = WorkerLaunch.thisExecutable(arguments: [
      WorkerCommand.configuration.commandName ?? "worker"
    ])
    guard watch else { throw ExitCode(Commands.run(options).rawValue) }
    WatchStop.install()
    let status = Commands.watch(options) {
      Thread.sleep(forTimeInterval: Commands.watchInterval)
      return !WatchStop.requested
    }
    throw ExitCode(status.rawValue)
  }
}

extension RunCommand {
  /// `authflow lnt` runs `lnt` as a path (`run` is the default command); when no such file exists and the word
  /// is close to a command's name, says so before the run reports the missing path.
  private func noteCommandTypo() {
    // A word with a `/` or a `.` (`play2.yaml`) names a file, never a command.
    guard let word = paths.first, !word.contains("/"), !word.contains("."),
      !FileManager.default.fileExists(atPath: word)
    else {
      return
    }
    let names = AuthflowCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
      .filter { $0 != "worker" }
    // Only a near miss (`lnt`): a mistyped file name is not a command, and the run names a file close to it.
    guard let name = Suggestion.close(to: word, in: names) else { return }
    CommandIO.standard.err(
      "note: '\(PlainText.visible(word))' is not a file; did you mean 'authflow \(name)'?\n")
  }
}

/// How `run --watch` ends: the first ^C (or SIGTERM) asks it to stop after the run under way, so the exit status
/// is the last run's; a second one ends the process at once, as the signal would. A signal the shell set to be
/// ignored (a job started with `&` from a script) stays ignored; one blocked at start is unblocked.
enum WatchStop {
  nonisolated(unsafe) private static var flag: sig_atomic_t = 0

  static var requested: Bool { flag != 0 }

  static func install() {
    // A process may start with them blocked (spawned from a thread that blocks them, as Dispatch's do).
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGINT)
    sigaddset(&unblocked, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    for number in [SIGINT, SIGTERM] {
      let previous = signal(number) { number in
        guard WatchStop.flag == 0 else {
          signal(number, SIG_DFL)
          raise(number)
          return
        }
        WatchStop.flag = 1
      }
      if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
        signal(number, SIG_IGN)
      }
    }
  }
}
