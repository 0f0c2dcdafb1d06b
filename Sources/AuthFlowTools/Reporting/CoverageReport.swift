import AuthFlowEngine
import AuthFlowLanguage

/// Which (state, screen, action) triples of each machine a run exercised, and which it never did (`--coverage`).
///
/// The universe of a machine is every (state, screen) its apps showed before or after a device action in the
/// run, times every device action it supports: a triple is exercised when some scenario performed that
/// action on an app showing that state and screen. World actions (`wait`, `follow_link`, …) and launching a
/// terminated app are not counted: they are not the machine's transitions.
public struct CoverageReport: Sendable {
  /// One (state, screen, action) triple.
  public struct Triple: Hashable, Sendable {
    /// Where the app was.
    public var place: Place
    /// The action it received there.
    public var action: ActionKind
  }

  /// One machine's coverage.
  public struct MachineCoverage: Sendable {
    /// The machine's name.
    public var machine: String
    /// Every (state, screen) seen, sorted.
    public var places: [Place]
    /// The device actions the machine supports.
    public var actions: [ActionKind]
    /// The transitions exercised, sorted by where they started, the action, then where they ended.
    public var transitions: [Transition]
    /// The triples of the universe no scenario exercised, in the order of `places` and `actions`.
    public var never: [Triple]

    /// The triples of the universe: every place times every action.
    public var total: Int { places.count * actions.count }
    /// The triples some scenario exercised.
    public var exercised: Int { total - never.count }
  }

  /// The machines that ran, in the order they first ran.
  public var machines: [MachineCoverage]

  /// Gathers the transitions of `results` per machine; `supportedActions` names each machine's device actions.
  public init(results: [ScenarioResult], supportedActions: (String) -> [ActionKind]?) {
    var order: [String] = []
    var transitions: [String: Set<Transition>] = [:]
    for result in results {
      if transitions[result.machine] == nil {
        order.append(result.machine)
        transitions[result.machine] = []
      }
      transitions[result.machine]?.formUnion(result.transitions)
    }
    machines = order.map { name in
      let exercised = transitions[name] ?? []
      let places = Set(exercised.flatMap { [$0.from, $0.to] }).subtracting([.notRunning]).sorted()
      let actions = (supportedActions(name) ?? Array(Set(exercised.map(\.action)))).sorted()
      let done = Set(exercised.map { Triple(place: $0.from, action: $0.action) })
      let never = places.flatMap { place in
        actions.map { Triple(place: place, action: $0) }.filter { !done.contains($0) }
      }
      let sorted = exercised.sorted {
        ($0.from, $0.action, $0.to) < ($1.from, $1.action, $1.to)
      }
      return MachineCoverage(
        machine: name, places: places, actions: actions, transitions: sorted, never: never)
    }
  }

  /// The console's coverage block: per machine, per (state, screen), what was exercised and what never was.
  public func rendered() -> String {
    var lines: [String] = []
    for machine in machines {
      let percent = machine.total == 0 ? 0 : machine.exercised * 100 / machine.total
      lines.append(
        "coverage of \(machine.machine): \(machine.exercised) of \(machine.total) (state, screen, action) "
          + "triples exercised (\(percent)%)")
      for place in machine.places {
        lines.append("  \(place)")
        let from = machine.transitions.filter { $0.from == place }
        let exercised = machine.actions.compactMap { action -> String? in
          let targets = from.filter { $0.action == action }.map(\.to.description)
          return targets.isEmpty ? nil : "\(action.rawValue) → \(targets.joined(separator: " | "))"
        }
        if !exercised.isEmpty { lines.append("    exercised: " + exercised.joined(separator: "; ")) }
        let never = machine.never.filter { $0.place == place }.map(\.action.rawValue)
        if !never.isEmpty { lines.append("    never:     " + never.joined(separator: ", ")) }
      }
    }
    return lines.joined(separator: "\n")
  }
}
