import AuthFlowEngine
import AuthFlowLanguage

/// What several reporters say the same way about a result.
extension ScenarioResult {
  /// `path:line:col: step N: …`: where and why it failed or errored, as compilers print a diagnostic.
  var failureHeadline: String? {
    failure.map { "\($0.location): \($0.message)" }
  }

  /// The action of the step that failed or errored (`sign_up`, `expect`), when that step exists.
  var failedAction: String? {
    guard let failure else { return nil }
    return steps.first { $0.number == failure.step }?.action
  }

  /// `at step 3 (sign_in_with)`, or `before the first step` for a failure at step 0 (a machine that could not
  /// start).
  var failedStepLabel: String? {
    guard let failure else { return nil }
    guard failure.step > 0 else { return "before the first step" }
    return "at step \(failure.step)" + (failedAction.map { " (\($0))" } ?? "")
  }

  /// The `file` path as a dotted class name, as JUnit readers group tests: `Scenarios/sign-up/a.yaml` →
  /// `Scenarios.sign-up.a`. The `.` and `..` of a relative path are left out (`../shared/a.yaml` →
  /// `shared.a`, not `...shared.a`), as are empty parts.
  var className: String {
    var path = Substring(file)
    for suffix in [".yaml", ".yml"] where path.hasSuffix(suffix) {
      path = path.dropLast(suffix.count)
    }
    return path.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: ".")
  }
}
