import AuthFlowEngine
import AuthFlowLanguage

extension ScenarioResult {
  /// The wall-clock duration in whole milliseconds.
  var milliseconds: Int64 { ReportDuration.milliseconds(durationSeconds) }
}

extension Sequence<ScenarioResult> {
  /// The sum of the scenarios' durations, in whole milliseconds.
  var totalMilliseconds: Int64 { reduce(0) { $0 + $1.milliseconds } }
}
