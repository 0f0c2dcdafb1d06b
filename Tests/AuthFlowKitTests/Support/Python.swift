import Foundation

/// `python3` with the `jsonschema` and PyYAML packages, which `.ci/run` installs, for the schema tests.
enum Python {
  /// Whether `python3` can import `jsonschema` and `yaml`.
  static let hasJSONSchema: Bool = (try? run(["-c", "import jsonschema, yaml"]).status) == 0

  /// Runs `python3` with `arguments`.
  static func run(_ arguments: [String]) throws -> ProcessOutput {
    try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
  }
}
