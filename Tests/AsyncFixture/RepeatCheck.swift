import AuthFlowKit
import Foundation

/// `authflow-async-fixture repeat N JOBS PATH...`: plays the scenarios N times in this one process with
/// `--jobs JOBS` and prints how many different outputs (statuses and transcripts) the runs gave.
enum RepeatCheck {
  static func run(_ arguments: [String], registry: MachineRegistry) -> Int32 {
    guard arguments.count >= 3, let times = Int(arguments[0]), let jobs = Int(arguments[1]) else {
      FileHandle.standardError.write(Data("usage: authflow-async-fixture repeat N JOBS PATH...\n".utf8))
      return 2
    }
    let loaded = ScenarioLoader(machineNames: registry.names).load(paths: Array(arguments[2...]))
    guard loaded.diagnostics.isEmpty, !loaded.scenarios.isEmpty else {
      FileHandle.standardError.write(Data("no scenario loaded: \(loaded.diagnostics)\n".utf8))
      return 2
    }
    let configuration = RunConfiguration(registry: registry)
    var outputs: [String: Int] = [:]
    for _ in 0..<times {
      let results = configuration.run(loaded.scenarios, jobs: jobs)
      let text = results.map { "\($0.name): \($0.status)\n" + TranscriptFormatter.plain($0.transcript) }
        .joined(separator: "\n")
      outputs[text, default: 0] += 1
    }
    print("\(times) runs, \(outputs.count) distinct outputs")
    return outputs.count == 1 ? 0 : 1
  }
}
