/// The scenarios read from a set of files, and every problem found in them.
public struct LoadResult: Sendable {
  /// Valid scenarios, in file order, then document order. A document with any problem yields none.
  public var scenarios: [Scenario]
  /// Every problem of every file, sorted by location.
  public var diagnostics: [Diagnostic]
  /// Every string the files give as a password or type into a field, valid or not: what the diagnostics hide
  /// (as `‹password›`), and what a command's output hides when the files do not load.
  public var secrets: [String]
  /// How many flow documents (`flow:` and no `scenario:`) the files hold besides their scenarios, each checked
  /// where it is written.
  public var flows = 0
  /// The scenarios of documents with problems, as far as they loaded (the steps and expectations that
  /// did): not for running, only for checking against their machines, so `lint` reports every problem at
  /// once.
  package var partial: [Scenario] = []

  /// A result with `scenarios`, the `diagnostics` found while loading them and the `secrets` every output must hide.
  public init(scenarios: [Scenario] = [], diagnostics: [Diagnostic] = [], secrets: [String] = []) {
    self.scenarios = scenarios
    self.diagnostics = diagnostics
    self.secrets = secrets
  }
}
