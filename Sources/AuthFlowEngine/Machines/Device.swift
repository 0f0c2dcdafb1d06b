import AuthFlowLanguage

/// One install of the app: its auth client (with the persisted session) and, while the app runs, its machine.
package final class Device {
  package enum Lifecycle: String {
    case foreground, background, terminated
  }

  package let name: String
  package let client: AuthClient
  let descriptor: MachineDescriptor
  private let world: World
  /// The scheduler of an async machine's app; nil for a synchronous machine.
  private let driver: (any AsyncAppDriver)?
  @exclusivity(unchecked) package private(set) var machine: (any Machine)?
  @exclusivity(unchecked) package var lifecycle = Lifecycle.foreground {
    didSet {
      guard let driver, lifecycle != oldValue else { return }
      if lifecycle == .background {
        driver.appWentToBackground(on: name)
      } else if oldValue == .background {
        // Back in the foreground, or killed there: a terminated app's tasks are not suspended any more (they
        // run on until they end, Docs/AsyncMachines.md), and the next launch's app is in the foreground.
        driver.appCameToForeground(on: name)
      }
    }
  }

  init(name: String, descriptor: MachineDescriptor, world: World, driver: (any AsyncAppDriver)? = nil) {
    self.name = name
    self.driver = driver
    self.descriptor = descriptor
    self.world = world
    self.client = AuthClient(device: name, world: world)
    client.refreshesOnSchedule = descriptor.refreshesTokensOnSchedule
  }

  /// Starts the app: a fresh machine over the client's persisted session.
  func start() {
    machine = descriptor.make(MachineContext(client: client, world: world, driver: driver))
    lifecycle = .foreground
  }

  /// The OS kills the app; the session stays persisted on the device.
  func terminate() {
    machine = nil
    client.appDidTerminate()
    for key in world.attachments.keys.sorted() {
      (world.attachments[key] as? WorldAttachment)?.appDidTerminate(on: name)
    }
    lifecycle = .terminated
  }

  /// What the app shows, for transcripts and expectations.
  var snapshot: Snapshot {
    guard let machine else { return Snapshot(state: "not running", screen: "not running", error: nil) }
    if driver != nil, #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *),
      let host = machine as? AsyncMachineHost
    {
      return host.snapshot
    }
    return Snapshot(state: machine.state.rawValue, screen: machine.screen, error: machine.error)
  }

  typealias Snapshot = DeviceSnapshot
}
