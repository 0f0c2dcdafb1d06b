import AuthFlowLanguage

/// Which scenarios a run (or `authflow list`) takes: `--filter`, `--tag`, `--skip-tag`, then `--shard`.
extension RunConfiguration {
  /// The scenarios the filters select, in load order.
  ///
  /// A scenario is selected when its name contains `filter` (ignoring case), it has at least one of `tags`
  /// (when any are given) and none of `skipTags`; tags compare exactly. `shard` then takes its slice of
  /// what is left, so the shards of a filtered run still split exactly the scenarios the filters select.
  public func select(_ scenarios: [Scenario]) -> [Scenario] {
    let needle = filter?.lowercased() ?? ""
    let wanted = Set(tags)
    let skipped = Set(skipTags)
    let selected = scenarios.filter { scenario in
      (needle.isEmpty || scenario.name.lowercased().contains(needle))
        && (wanted.isEmpty || scenario.tags.contains(where: wanted.contains))
        && !scenario.tags.contains(where: skipped.contains)
    }
    return shard?.slice(of: selected) ?? selected
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
