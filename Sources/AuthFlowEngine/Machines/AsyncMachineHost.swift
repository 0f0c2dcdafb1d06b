import AuthFlowLanguage
/// An ``AsyncMachine`` as the runner sees a machine: each action runs as a named task until the app is idle,
/// and what the app shows is read on the main actor, which the driving thread holds between jobs.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
final class AsyncMachineHost: Machine {
  private let machine: (any AsyncMachine)?
  private let scheduler: AppScheduler?
  private let device: String
  /// The world the app runs in, whose attachments bind a read to this device (the world outlives its hosts).
  private weak var world: World?

  /// Starts the machine on the main actor and lets the app settle (its launch may start tasks); without a
  /// scheduler that drives, no machine starts and ``fault`` says why.
  init(context: MachineContext, make: @escaping @MainActor @Sendable (MachineContext) -> any AsyncMachine) {
    device = context.device
    world = context.world
    let scheduler = context.driver as? AppScheduler
    self.scheduler = scheduler
    guard let scheduler, scheduler.isDriving else {
      machine = nil
      return
    }
    let sendable = UncheckedSendable(context)
    // The app's launch is the device's code, as its actions are (`Auth.auth()` in an initialiser).
    let name = device
    scheduler.queue.defaults.activate(name)
    machine = context.world.running(asDevice: name) {
      AppJobQueue.$device.withValue(name) { MainActor.assumeIsolated { make(sendable.value) } }
    }
    scheduler.settle()
  }

  private func read<T: Sendable>(_ value: @MainActor (any AsyncMachine) -> T, else fallback: T) -> T {
    // Only the driving thread holds the main actor; after the run ends, nobody reads the app any more.
    // Reading what the app shows does not switch `UserDefaults.standard` to this device's (each switch costs more
    // than the reading): properties computed from it read the store of the device whose work ran last.
    guard let machine, scheduler?.isDriving == true else { return fallback }
    func visit() -> T { AppJobQueue.shared.onMainActor { value(machine) } ?? fallback }
    guard let world, !world.attachments.isEmpty else { return visit() }
    return world.running(asDevice: device, visit)
  }

  var state: AuthState { read({ $0.state }, else: .signedOut) }
  var screen: String { read({ $0.screen }, else: "not running") }
  var error: AuthErrorCode? { read({ $0.error }, else: nil) }
  var ui: [String: String] { read({ $0.ui }, else: [:]) }

  /// State, screen and error read in one visit to the main actor: each visit checks that this thread holds it,
  /// which costs more than the reading.
  var snapshot: DeviceSnapshot {
    read(
      { DeviceSnapshot(state: $0.state.rawValue, screen: $0.screen, error: $0.error) },
      else: DeviceSnapshot(state: AuthState.signedOut.rawValue, screen: "not running", error: nil))
  }

  var fault: String? {
    if let problem = scheduler?.fault ?? (scheduler == nil ? AppScheduler.notInstalled : nil) {
      return problem
    }
    return read({ $0.fault }, else: nil)
  }

  func perform(_ action: Action) throws {
    guard let machine, let scheduler else {
      throw fault.map { MachineError.appFailed(message: $0) } ?? .executorsNotInstalled
    }
    try scheduler.perform(action, on: machine, name: "\(action.kind.rawValue) on \(device)", device: device)
  }

  func openLink(_ link: String) throws {
    guard let machine, let scheduler else {
      throw fault.map { MachineError.appFailed(message: $0) } ?? .executorsNotInstalled
    }
    let sendable = UncheckedSendable(link)
    try scheduler.run(name: "open link on \(device)", device: device) {
      try await machine.openLink(sendable.value)
    }
  }
}
