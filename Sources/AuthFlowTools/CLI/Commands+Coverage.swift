import AuthFlowEngine
import AuthFlowLanguage

extension Commands {
  /// The coverage of a run's results, against the actions each machine supports.
  static func coverageReport(_ results: [ScenarioResult], _ configuration: RunConfiguration) -> CoverageReport
  {
    CoverageReport(results: results) { name in
      guard case .success(let descriptor) = configuration.descriptor(for: MachineReference(name)) else {
        return nil
      }
      return descriptor.supportedActions
    }
  }
}
