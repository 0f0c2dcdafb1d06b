import AuthFlowLanguage

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
      state: machine.state, screen: machine.screen, uid: device.client.currentUID,
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
