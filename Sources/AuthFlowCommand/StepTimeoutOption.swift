import ArgumentParser
import AuthFlowKit

/// `--step-timeout SECONDS`, shared by `run`, `mutants` and `explore`: how long one step may run before it counts as
/// hung (a machine looping without calling its client).
struct StepTimeoutOption: ParsableArguments {
  @Option(
    name: .customLong("step-timeout"), parsing: .unconditional,
    help: "Seconds one step may run before it counts as hung (a machine looping without client calls).")
  var seconds: Double = 10

  func validate() throws {
    guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
      throw ValidationError("--step-timeout must be a number of seconds above 0 and at most 3600")
    }
  }

  var duration: Duration { .milliseconds(Int(seconds * 1000)) }
}
