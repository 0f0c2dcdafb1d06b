import AuthFlowLanguage

/// Which scenarios a run (or `authflow list`) takes: `--filter`, `--tag`, `--skip-tag`, then `--shard`.
extension RunConfiguration {
  /// The scenarios the filters select, in load order.
  ///
  /// A scenario is selected when its name contains `filter` (ignoring case), it has at least one of `tags`
  /// (when any are given) and none of `skipTags`; tags compare exactly. `shard` then takes its slice of
  /// what is left, so the shards of a filtered run still split exactly the scenarios the filters select.
  public func select(_ scenarios: [Scenario]) -> [Scenario] {
    let selected = filtered(scenarios)
    return shard?.slice(of: selected) ?? selected
  }

  /// The scenarios `--filter`, `--tag` and `--skip-tag` keep, before `--shard` takes its slice.
  private func filtered(_ scenarios: [Scenario]) -> [Scenario] {
    let needle = filter?.lowercased() ?? ""
    let wanted = Set(tags)
    let skipped = Set(skipTags)
    return scenarios.filter { scenario in
      (needle.isEmpty || scenario.name.lowercased().contains(needle))
        && (wanted.isEmpty || scenario.tags.contains(where: wanted.contains))
        && !scenario.tags.contains(where: skipped.contains)
    }
  }

  /// Why a run of `scenarios` (what `paths` held) would test nothing, or nil when the filters keep at least one.
  ///
  /// A run that tests nothing must not pass: a CI job whose filter matches nothing would go green. The message
  /// names the filters that left nothing, or the paths that held no scenario. A shard that gets none of the
  /// selected scenarios is not a problem (more shards than scenarios is a fine CI set-up).
  public func emptySelectionProblem(in scenarios: [Scenario], paths: [String]) -> String? {
    guard filtered(scenarios).isEmpty else { return nil }
    guard !scenarios.isEmpty else {
      return "no scenario in \(paths.joined(separator: ", ")): nothing to run"
    }
    var flags: [String] = []
    if let filter { flags.append("--filter '\(filter)'") }
    flags += tags.map { "--tag '\($0)'" } + skipTags.map { "--skip-tag '\($0)'" }
    let loaded =
      scenarios.count == 1 ? "the 1 scenario loaded" : "the \(scenarios.count) scenarios loaded"
    return "\(flags.joined(separator: " ")) selects none of \(loaded): nothing to run"
  }

  /// A warning for each `--tag` or `--skip-tag` that no loaded scenario has (most likely a typo), with the
  /// nearest tag they do have.
  public func selectionWarnings(for scenarios: [Scenario]) -> [String] {
    var known = OrderedNames()
    for scenario in scenarios {
      for tag in scenario.tags { known.insert(tag) }
    }
    var warnings: [String] = []
    for (flag, names) in [("--tag", tags), ("--skip-tag", skipTags)] {
      var seen = Set<String>()
      for name in names where !known.contains(name) && seen.insert(name).inserted {
        warnings.append(
          "\(flag) '\(name)': no scenario has this tag\(Suggestion.didYouMean(name, in: known.names))")
      }
    }
    return warnings
  }
}
