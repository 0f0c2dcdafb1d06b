/// Writes a `Scenario` as a scenario file in the language of SPEC section 2 — the file `authflow explore`
/// leaves behind, readable by people and loaded back by `ScenarioLoader` as the same scenario (variables
/// already substituted; source positions are those of the new file).
public enum ScenarioWriter {
  /// `scenario` as a YAML document the loader reads back to the same scenario.
  public static func yaml(_ scenario: Scenario) -> String {
    ScenarioKeySyntax.all.flatMap { $0.write(scenario) }.joined(separator: "\n") + "\n"
  }

  // MARK: - Steps

  static func step(_ step: Step) -> [String] {
    let modifiers = ModifierSyntax.all.compactMap { modifier in
      modifier.write(step).map { (modifier.name, $0) }
    }
    guard let action = step.action else {
      // An expect-only step: its first modifier opens the list item.
      return modifiers.enumerated().map { offset, pair in
        (offset == 0 ? "  - " : "    ") + "\(pair.0): \(pair.1)"
      }
    }
    let (key, value) = (action.kind.rawValue, ActionSyntax.of(action.kind).write(action))
    if modifiers.isEmpty { return ["  - " + (value.map { "\(key): \($0)" } ?? key)] }
    let head = "  - " + (value.map { "\(key): \($0)" } ?? "\(key):")
    return [head] + modifiers.map { "    \($0.0): \($0.1)" }
  }

  /// One `expect` flow mapping; `ui` entries are gathered under one `ui` key at its first place.
  static func expectations(_ expectations: [Expectation]) -> String {
    var pairs: [(String, String)] = []
    var ui: [(String, String)] = []
    for expectation in expectations {
      let check = expectation.check
      let value = ExpectSyntax.byName[check.key].map { $0.write(check) } ?? ""
      if case .ui(let name, _) = check {
        if ui.isEmpty { pairs.append(("ui", "")) }
        ui.append((YAMLText.scalar(name), value))
      } else {
        pairs.append((check.key, value))
      }
    }
    if let index = pairs.firstIndex(where: { $0.0 == "ui" }) { pairs[index].1 = YAMLText.flow(ui) }
    return YAMLText.flow(pairs)
  }
}
