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
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let directory { process.currentDirectoryURL = directory }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = standardOutput ?? out
  process.standardError = err
  try process.run()
  if standardOutput != nil { try out.fileHandleForWriting.close() }
  // Standard error is drained on its own thread: a child that fills it (a crash's backtrace) while the test
  // waits for standard output to end would otherwise block both.
  let errData = Drained(err.fileHandleForReading)
  let outData = readToEnd(out.fileHandleForReading)
  process.waitUntilExit()
  return ProcessOutput(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData.value, as: UTF8.self))
}

/// Everything `handle` gives until its end. Foundation's `readDataToEndOfFile` traps when a signal interrupts
/// its read (`EINTR`); this reads again instead.
func readToEnd(_ handle: FileHandle) -> [UInt8] {
  var data: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
    if count > 0 {
      data += buffer[0..<count]
    } else if count < 0, errno == EINTR {
      continue
    } else {
      return data
    }
  }
}

/// A pipe read to its end on a thread of its own; ``value`` waits for the end.
final class Drained: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data: [UInt8] = []

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = readToEnd(handle)
      done.signal()
    }
  }

  var value: [UInt8] {
    done.wait()
    return data
  }
}
