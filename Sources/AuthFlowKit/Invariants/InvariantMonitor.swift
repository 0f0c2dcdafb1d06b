/// The invariants a machine is held to, and after which actions each is checked; built once per machine and
/// shared by the runs of an exploration.
struct InvariantPlan {
  let invariants: [Invariant]
  /// Per invariant, per action kind (by its position in `ActionKind.allCases`): whether it is checked after
  /// a step of that kind. Arrays, not sets: this runs after every step of every walk.
  let checkedAfter: [[Bool]]
  /// Per action kind: whether some invariant checks after it specifically (the app's `ui` is captured first).
  let watched: [Bool]

  init(machine: MachineDescriptor) {
    let invariants = Invariant.builtIn + machine.invariants
    self.invariants = invariants
    checkedAfter = invariants.map { invariant in
      ActionKind.allCases.map { invariant.after?.contains($0) ?? true }
    }
    watched = ActionKind.allCases.map { kind in invariants.contains { $0.after?.contains(kind) == true } }
  }
}

/// Checks the built-in invariants and the machine's own after each step of one run.
final class InvariantMonitor {
  let plan: InvariantPlan
  private var before: AppBefore?
  private var factsStart = 0
  private var outboxStart = 0

  init(plan: InvariantPlan) { self.plan = plan }

  /// The position of `kind` in `ActionKind.allCases`; nil for an `expect`-only step.
  private static func position(_ kind: ActionKind?) -> Int? {
    guard let kind else { return nil }
    return ActionKind.allCases.firstIndex { $0 == kind }
  }

  /// Notes what the step starts from: the step device's app (before a device action), the backend's facts
  /// and the outbox.
  func willPerform(_ action: Action?, on device: Device, world: World) {
    factsStart = world.backend.facts.count
    outboxStart = world.outbox.emails.count
    before = nil
    guard let action, action.kind.isDeviceAction, let machine = device.machine else { return }
    before = AppBefore(
      state: machine.state, screen: machine.screen, uid: device.client.currentUser?.uid,
      ui: Self.position(action.kind).map { plan.watched[$0] } == true ? machine.ui : [:])
  }

  /// The first invariant the step broke, with what is wrong.
  func violation(after action: Action?, on device: Device, devices: [Device], world: World) -> (
    invariant: Invariant, message: String
  )? {
    let view = InvariantView(
      world: world, deviceList: devices, stepDevice: device, factsStart: factsStart, outboxStart: outboxStart,
      action: action, before: before)
    let kind = Self.position(action?.kind)
    for (index, invariant) in plan.invariants.enumerated() {
      if invariant.after != nil {
        guard let kind, plan.checkedAfter[index][kind] else { continue }
      }
      if let message = invariant.check(view) { return (invariant, message) }
    }
    return nil
  }
}
