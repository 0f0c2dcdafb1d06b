import AuthFlowLanguage

/// The invariants a machine is held to, and after which actions each is checked; built once per machine and
/// shared by the runs of an exploration.
package struct InvariantPlan {
  let invariants: [Invariant]
  /// Per invariant, the action kinds after which it is checked, one bit per kind (see `bit(_:)`). Bits, not
  /// sets: this runs after every step of every walk, and a plan is made for every scenario.
  let checkedAfter: [UInt64]
  /// The kinds some invariant checks after specifically (the app's `ui` is captured before those).
  let watched: UInt64

  package init(machine: MachineDescriptor) {
    let invariants = Invariant.builtIn + machine.invariants
    self.invariants = invariants
    checkedAfter = invariants.map { invariant in
      invariant.after.map { $0.reduce(0) { $0 | Self.bit($1) } } ?? ~0
    }
    watched = invariants.reduce(0) { mask, invariant in
      invariant.after.map { $0.reduce(mask) { $0 | Self.bit($1) } } ?? mask
    }
  }

  private static let positions = Dictionary(
    uniqueKeysWithValues: ActionKind.allCases.enumerated().map { ($1, $0) })

  /// The bit of `kind`; 0 for an `expect`-only step.
  static func bit(_ kind: ActionKind?) -> UInt64 {
    guard let kind, let position = positions[kind] else { return 0 }
    return 1 << UInt64(position)
  }
}
