import ArgumentParser
import AuthFlowKit

/// `--step-timeout SECONDS` (or a duration: `2s`, `500ms`), shared by `run`, `mutants` and `explore`: how long one step may run before it counts as
/// hung (a machine looping without calling its client).
struct StepTimeoutOption: ParsableArguments {
  @Option(
    name: .customLong("step-timeout"), parsing: .unconditional,
    help: ArgumentHelp(
      "How long one step may run (default 10s) before it counts as hung (a machine looping without client calls).",
      valueName: "seconds"),
    transform: { try Timeout.parse($0, option: "--step-timeout") })
  var timeout = Timeout(seconds: 10)

  var duration: Duration { timeout.duration }
}
