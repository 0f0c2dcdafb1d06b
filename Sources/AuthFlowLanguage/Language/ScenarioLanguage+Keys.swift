// The key lists the model types publish, read from the language table: the model sits below the language,
// so these live here, next to the table they come from.

extension Scenario {
  /// The scenario keys as written in a file.
  public static var keys: [String] { ScenarioLanguage.scenario.keys }
}

extension AdminAction {
  /// The keys an `admin` step takes, one per step.
  public static var keys: [String] { ScenarioLanguage.admin.keys }
}

extension BackendSettings {
  /// The knob names as written in a scenario.
  public static var keys: [String] { ScenarioLanguage.backend.keys }
}

extension Expectation {
  /// The keys an `expect` mapping takes.
  public static var keys: [String] { ScenarioLanguage.expectation.keys }
}
