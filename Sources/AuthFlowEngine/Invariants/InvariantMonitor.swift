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

/// Checks the built-in invariants and the machine's own after each step of one run.
final class InvariantMonitor {
  let plan: InvariantPlan
  private var before: AppBefore?
  private var factsStart = 0
  private var outboxStart = 0

  init(plan: InvariantPlan) { self.plan = plan }

  /// Notes what the step starts from: the step device's app (before a device action), the backend's facts
  /// and the outbox.
  func willPerform(_ action: Action?, on device: Device, world: World) {
    factsStart = world.backend.facts.count
    outboxStart = world.outbox.emails.count
    before = nil
    guard let action, action.kind.isDeviceAction, let machine = device.machine else { return }
    before = AppBefore(
      state: machine.state, screen: machine.screen, uid: device.client.currentUser?.uid,
      ui: plan.watched & InvariantPlan.bit(action.kind) != 0 ? machine.ui : [:])
  }

  /// The first invariant the step broke, with what is wrong.
  func violation(after action: Action?, on device: Device, devices: [Device], world: World) -> (
    invariant: Invariant, message: String
  )? {
    let view = InvariantView(
      world: world, deviceList: devices, stepDevice: device, factsStart: factsStart, outboxStart: outboxStart,
      action: action, before: before)
    let kind = InvariantPlan.bit(action?.kind)
    for (index, invariant) in plan.invariants.enumerated() {
      // An invariant checked after every step is also checked after an `expect`-only one (kind 0).
      guard invariant.after == nil || plan.checkedAfter[index] & kind != 0 else { continue }
      if let message = invariant.check(view) { return (invariant, message) }
    }
    return nil
  }
}
