import Foundation

/// What a finished child process left: its exit status and everything it printed.
struct ProcessOutput {
  var status: Int32
  var stdout: String
  var stderr: String
  /// The last line of standard output (the console's summary line, for `authflow run`).
  var lastLine: String? { stdout.split(separator: "\n").last.map(String.init) }
}

/// Runs `executable` with `arguments` (and `environment`, when given) to the end; the one way tests start
/// a child process. Its standard output is captured, unless `standardOutput` gives it somewhere else to go (a
/// device, a pipe nobody reads).
func runProcess(
  _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
  standardOutput: FileHandle? = nil
) throws -> ProcessOutput {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = standardOutput ?? out
  process.standardError = err
  try process.run()
  if standardOutput != nil { try out.fileHandleForWriting.close() }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ProcessOutput(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self))
}
