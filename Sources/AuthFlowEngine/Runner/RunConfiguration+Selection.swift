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
    // Without filters the scenarios are the run's as loaded, not a copy: a copy of 10,000 is 10 MB more at the
    // run's peak.
    guard filter != nil || !tags.isEmpty || !skipTags.isEmpty else { return playedOnce(scenarios) }
    return playedOnce(scenarios).filter(isSelected)
  }

  /// Whether `--filter`, `--tag` and `--skip-tag` keep `scenario`.
  private func isSelected(_ scenario: Scenario) -> Bool {
    (filter.map { scenario.name.lowercased().contains($0.lowercased()) } ?? true)
      && (tags.isEmpty || scenario.tags.contains(where: tags.contains))
      && !scenario.tags.contains(where: skipTags.contains)
  }

  /// Why a run of `scenarios` (what `paths` held) would test nothing, or nil when the filters keep at least one.
  ///
  /// A run that tests nothing must not pass: a CI job whose filter matches nothing would go green. The message
  /// names the filters that left nothing, or the paths that held no scenario. A shard that gets none of the
  /// selected scenarios is not a problem (more shards than scenarios is a fine CI set-up).
  public func emptySelectionProblem(in scenarios: [Scenario], paths: [String]) -> String? {
    // `playedOnce` only drops repeats, so the selection is empty exactly when no scenario is kept.
    guard !scenarios.contains(where: isSelected) else { return nil }
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

  // MARK: - Which scenarios `--machine` takes over

  /// `scenarios` with a `matrix:` whose machines `--machine` replaces played once per combination of its
  /// variables (the combinations would differ only in the machine they no longer play on), each named after the
  /// machine that plays it: `NAME [k=v, machine=paper]`. The worker processes load with the same rule.
  package func playedOnce(_ scenarios: [Scenario]) -> [Scenario] {
    guard let machine else { return scenarios }
    var seen = Set<[String]>()
    return scenarios.compactMap { scenario in
      guard let combination = scenario.combination, combination.namesMachine, replacesMachine(of: scenario)
      else { return scenario }
      guard seen.insert([scenario.location.description] + combination.values).inserted else { return nil }
      var renamed = scenario
      renamed.name =
        combination.name + " [" + (combination.values + ["machine=\(machine)"]).joined(separator: ", ") + "]"
      return renamed
    }
  }

  /// The machine `scenario` names, or the default machine.
  func ownMachine(of scenario: Scenario) -> MachineReference {
    scenario.machine?.value ?? MachineReference(MachineRegistry.defaultMachine)
  }

  /// Whether `--machine` replaces `scenario`'s own machine.
  ///
  /// A machine replaces every scenario's; a mutant (`MACHINE~MUTANT`) replaces only the scenarios of
  /// `MACHINE`, or of the machine whose scenarios `MACHINE` plays (``MachineDescriptor/playsScenariosOf``),
  /// as SPEC §11 says: hunting one machine's bug over a whole suite must not drag other apps' scenarios onto it.
  func replacesMachine(of scenario: Scenario) -> Bool {
    guard let machine else { return false }
    guard let base = machine.base else { return true }
    let own = ownMachine(of: scenario)
    let family = own.base ?? own.description
    return family == base || registry.descriptor(named: base)?.playsScenariosOf == family
  }

  /// What a run says once when `--machine` is a mutant that leaves some of `scenarios` on their own machine;
  /// nil when it replaces every one's.
  public func machineScopeNote(for scenarios: [Scenario]) -> String? {
    guard let machine, let base = machine.base else { return nil }
    let kept = scenarios.filter { !replacesMachine(of: $0) }.count
    guard kept > 0 else { return nil }
    let replaced = scenarios.count - kept
    return "--machine \(machine) replaces only \(base)'s scenarios (\(replaced) of \(scenarios.count)); "
      + (kept == 1 ? "1 other runs on its own machine" : "\(kept) others run on their own machines")
  }
}
