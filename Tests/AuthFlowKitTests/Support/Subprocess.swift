import AuthFlowTools
import Foundation

/// What a finished child process left: its exit status and everything it printed.
struct ProcessOutput {
  var status: Int32
  var stdout: String
  var stderr: String
  /// The last line of standard output (the console's summary line, for `authflow run`).
  var lastLine: String? { stdout.split(separator: "\n").last.map(String.init) }
}

/// Runs `executable` with `arguments` (and `environment` and working `directory`, when given) to the end; the one
/// way tests start a child process. Its standard output is captured, unless `standardOutput` gives it somewhere
/// else to go (a device, a pipe nobody reads).
func runProcess(
  _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
  standardOutput: FileHandle? = nil, in directory: URL? = nil
) throws -> ProcessOutput {
  let output = try ChildProcess.run(
    executable, arguments, environment: environment, standardOutput: standardOutput, in: directory)
  return ProcessOutput(status: output.status, stdout: output.stdout, stderr: output.stderr)
}

/// Everything `handle` gives until its end, read again when a signal interrupts a read.
func readToEnd(_ handle: FileHandle) -> [UInt8] { ChildProcess.readToEnd(handle) }
