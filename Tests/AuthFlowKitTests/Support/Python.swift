import Foundation

/// `python3` with the `jsonschema` and PyYAML packages, which `.ci/run` installs, for the schema tests.
enum Python {
  /// Whether `python3` can import `jsonschema` and `yaml`.
  static let hasJSONSchema: Bool = (try? run(["-c", "import jsonschema, yaml"]).status) == 0

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs `python3` with `arguments`.
  static func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}
