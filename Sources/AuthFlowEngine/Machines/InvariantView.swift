import AuthFlowLanguage

/// A read-only view of the world right after a step, for an ``Invariant`` to judge.
public struct InvariantView {
  let world: World
  let deviceList: [Device]
  let stepDevice: Device
  let factsStart: Int
  let outboxStart: Int

  /// The step's action; nil for an `expect`-only step.
  public let action: Action?
  /// What the step's device showed just before a device action (nil for world actions and `expect` steps,
  /// and when the app was not running).
  public let before: AppBefore?

  /// The virtual time now.
  public var now: VirtualTime { world.now }
  /// The backend's knobs.
  public var settings: BackendSettings { world.settings }
  /// The device the step acted on (the scenario's first device for world actions without one).
  public var device: DeviceView { DeviceView(device: stepDevice, world: world) }
  /// Every device of the scenario, in the order `devices` lists them.
  public var devices: DeviceViews { DeviceViews(devices: deviceList, world: world) }
  /// Emails the backend sent during the step.
  public var emailsSent: ArraySlice<Outbox.Email> { world.outbox.emails[outboxStart...] }
  /// What the backend did during the step.
  public var facts: ArraySlice<BackendFact> { world.backend.facts[factsStart...] }
  /// What the backend did before the step.
  public var earlierFacts: ArraySlice<BackendFact> { world.backend.facts[..<factsStart] }

  /// The backend's account with this uid, as `lookup` would return it; nil once deleted.
  public func account(uid: String) -> AccountInfo? { world.backend.account(uid: uid)?.info }
}
