import AuthFlowLanguage

/// The counts a run ends with.
public struct Summary: Equatable, Sendable {
  /// Scenarios that passed.
  public var passed = 0
  /// Scenarios that failed.
  public var failed = 0
  /// Scenarios that errored.
  public var errored = 0
  /// Every scenario counted.
  public var total: Int { passed + failed + errored }

  /// Counts `results` by status.
  public init(_ results: [ScenarioResult]) {
    for result in results {
      switch result.status {
      case .passed: passed += 1
      case .failed: failed += 1
      case .errored: errored += 1
      }
    }
  }

  /// `N passed, N failed` with `, N errored` when some errored: the console's last line.
  public var line: String {
    "\(passed) passed, \(failed) failed" + (errored > 0 ? ", \(errored) errored" : "")
  }
}
