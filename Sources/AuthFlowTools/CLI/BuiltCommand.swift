import Foundation

/// Your own build of the authflow command (`AuthflowCommand.main(registry:)` with your app's machines registered),
/// run from a test as a child process.
///
/// An async machine's scenarios need authflow's executors, which only a process's synchronous `main` can install,
/// and a `swift test` process has its own `main` (Docs/AsyncMachines.md). So a test runs the built command, as CI
/// would, and reads what it printed and how it exited:
///
/// ```swift
/// let command = try BuiltCommand(named: "myapp-authflow")
/// let run = try command.run(["run", "--machine", "myapp", "Scenarios"])
/// #expect(run.status == 0, "\(run.stdout)")
/// ```
///
/// The test target depends on the executable target, so `swift build --build-tests` builds both into one
/// products folder, where ``init(named:)`` finds it.
public struct BuiltCommand: Sendable {
  /// What one run printed and how it exited.
  public struct Output: Sendable {
    /// The exit status: 0 every scenario passed, 1 one failed or errored, 2 invalid input (Docs/CommandLine.md).
    public var status: Int32
    /// Everything it printed on standard output.
    public var stdout: String
    /// Everything it printed on standard error.
    public var stderr: String
    /// The last line of standard output: `run`'s summary (`12 passed, 0 failed`).
    public var lastLine: String? { stdout.split(separator: "\n").last.map(String.init) }
  }

  /// The command was not built beside the tests.
  public struct NotBuilt: Error, CustomStringConvertible {
    /// The executable's name.
    public var name: String
    /// The folders looked in.
    public var searched: [String]
    /// What to do about it.
    public var description: String {
      "\(name) is not built beside the tests (looked in \(searched.joined(separator: ", "))): make the test "
        + "target depend on the executable target, and run `swift build --build-tests` first"
    }
  }

  /// The executable run.
  public let executable: URL

  /// The executable `name` in the folder `swift build` put the running tests in; ``NotBuilt`` when it is not
  /// there.
  public init(named name: String) throws {
    var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    guard
      let found = folders.lazy.map({ $0.appendingPathComponent(name) }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0.path)
      })
    else { throw NotBuilt(name: name, searched: folders.map(\.path)) }
    executable = found
  }

  /// The executable at `executable`.
  public init(at executable: URL) { self.executable = executable }

  /// Runs the command with `arguments` to its end, in `directory` (the test's own, when nil), with the test's
  /// environment and `environment` over it. GitHub Actions' annotations are left out (`GITHUB_ACTIONS` unset)
  /// unless `environment` sets them, so the output reads the same in CI and on a laptop.
  public func run(
    _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil
  ) throws -> Output {
    var merged = ProcessInfo.processInfo.environment
    merged["GITHUB_ACTIONS"] = nil
    merged.merge(environment) { $1 }
    let output = try ChildProcess.run(executable, arguments, environment: merged, in: directory)
    return Output(status: output.status, stdout: output.stdout, stderr: output.stderr)
  }
}
