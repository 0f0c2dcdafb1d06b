/// Checks the built-in invariants and the machine's own after each step of one run.
final class InvariantMonitor {
  let invariants: [Invariant]
  /// Action kinds some invariant checks after specifically: the app's `ui` is captured before those.
  private let watched: Set<ActionKind>
  private var before: AppBefore?
  private var factsStart = 0
  private var outboxStart = 0

  init(machine: MachineDescriptor) {
    invariants = Invariant.builtIn + machine.invariants
    watched = invariants.reduce(into: []) { kinds, invariant in kinds.formUnion(invariant.after ?? []) }
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
      ui: watched.contains(action.kind) ? machine.ui : [:])
  }

  /// The first invariant the step broke, with what is wrong.
  func violation(after action: Action?, on device: Device, devices: [Device], world: World) -> (
    invariant: Invariant, message: String
  )? {
    let view = InvariantView(
      world: world, deviceList: devices, stepDevice: device, factsStart: factsStart, outboxStart: outboxStart,
      action: action, before: before)
    for invariant in invariants {
      if let kinds = invariant.after {
        guard let kind = action?.kind, kinds.contains(kind) else { continue }
      }
      if let message = invariant.check(view) { return (invariant, message) }
    }
    return nil
  }
}
