import Foundation

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The checkout these tests run in, and what it bundles.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `Scenarios/`, the bundled scenarios.
  static var scenarios: String { root.appendingPathComponent("Scenarios").path }

  /// Every bundled scenario, loaded as `authflow run` loads them.
  static func bundledScenarios() -> LoadResult {
    ScenarioLoader(machineNames: MachineRegistry.builtIn.names).load(paths: [scenarios])
  }
}
