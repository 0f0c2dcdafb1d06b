import Foundation

/// A child process run to its end, its output read whole: what ``BuiltCommand`` and authflow's own tests use.
package enum ChildProcess {
  /// Runs `executable` with `arguments` (and `environment` and working `directory`, when given) to its end. Its
  /// standard output is captured, unless `standardOutput` gives it somewhere else to go (a device, a pipe nobody
  /// reads).
  package static func run(
    _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
    standardOutput: FileHandle? = nil, in directory: URL? = nil
  ) throws -> (status: Int32, stdout: String, stderr: String) {
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
    // Standard error is drained on its own thread: a child that fills it (a crash's backtrace) while the caller
    // waits for standard output to end would otherwise block both.
    let errData = Drained(err.fileHandleForReading)
    let outData = readToEnd(out.fileHandleForReading)
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outData, as: UTF8.self),
      String(decoding: errData.value, as: UTF8.self)
    )
  }

  /// Everything `handle` gives until its end. Foundation's `readDataToEndOfFile` traps when a signal interrupts
  /// its read (`EINTR`); this reads again instead.
  package static func readToEnd(_ handle: FileHandle) -> [UInt8] {
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
  package final class Drained: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: [UInt8] = []

    package init(_ handle: FileHandle) {
      Thread.detachNewThread { [self] in
        data = ChildProcess.readToEnd(handle)
        done.signal()
      }
    }

    package var value: [UInt8] {
      done.wait()
      return data
    }
  }
}
