import AuthFlowEngine
import AuthFlowLanguage

/// The JSON report of SPEC section 7: a summary and, per scenario, its status, failure, duration, the result of
/// each step and the transcript. Keys are sorted, so the same results give the same bytes.
public struct JSONReporter: Reporter {
  /// `--report json`.
  public static let identifier = "json"
  /// What `authflow run --help` says of the format.
  public static let abstract = "SPEC section 7's document plus durations and per-step results"
  /// A JSON document: the net hides secrets in its string values only.
  public static let markup = Redactor.Markup.json

  /// `--coverage`: the report gains a `coverage` object.
  public var coverage: CoverageReport?

  /// A JSON report, with the coverage of `options` if any.
  public init(options: ReportOptions = ReportOptions()) {
    self.coverage = options.coverage
  }

  /// A JSON report with `coverage` added when not nil.
  public init(coverage: CoverageReport?) {
    self.coverage = coverage
  }

  /// The run as one JSON document with sorted keys.
  public func report(_ results: [ScenarioResult]) -> String {
    let summary = Summary(results)
    var document = JSONValue.object([
      "summary": .object([
        "passed": .number(Int64(summary.passed)), "failed": .number(Int64(summary.failed)),
        "errored": .number(Int64(summary.errored)), "total": .number(Int64(summary.total)),
        "duration_seconds": .seconds(milliseconds: results.totalMilliseconds),
      ]),
      "scenarios": .array(results.map(scenario)),
    ])
    if let coverage, case .object(var members) = document {
      members["coverage"] = Self.coverage(coverage)
      document = .object(members)
    }
    return document.rendered() + "\n"
  }

  private func scenario(_ result: ScenarioResult) -> JSONValue {
    .object([
      "name": .string(result.name),
      "file": .string(result.file),
      "line": .number(Int64(result.location.line)),
      "machine": .string(result.machine),
      "seed": .string(String(result.seed)),
      "tags": .array(result.tags.map(JSONValue.string)),
      "reproduces": result.reproduces.map(JSONValue.string) ?? .null,
      "status": .string(result.status.rawValue),
      "duration_seconds": .seconds(milliseconds: result.milliseconds),
      "failure": result.failure.map(failure) ?? .null,
      "steps": .array(
        result.steps.map { step in
          .object([
            // A step a flow played is on a line of the flow's file, which `file` names.
            "step": .number(Int64(step.number)), "file": .string(step.location.file),
            "line": .number(Int64(step.location.line)),
            "action": .string(step.action), "status": .string(step.status.rawValue),
          ])
        }),
      "transcript": .array(
        result.transcript.map { entry in
          .object([
            "time": .string(entry.time.description), "actor": .string(entry.actor),
            "text": .string(entry.text),
          ])
        }),
    ])
  }

  private func failure(_ failure: Failure) -> JSONValue {
    .object([
      "step": .number(Int64(failure.step)),
      "file": .string(failure.location.file),
      "line": .number(Int64(failure.location.line)),
      "column": .number(Int64(failure.location.column)),
      "key": failure.key.map(JSONValue.string) ?? .null,
      "expected": failure.expected.map(JSONValue.string) ?? .null,
      "actual": failure.actual.map(JSONValue.string) ?? .null,
      "message": .string(failure.message),
    ])
  }
}
