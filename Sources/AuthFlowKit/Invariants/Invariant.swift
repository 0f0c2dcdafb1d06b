/// A property that must hold after every step of every run, whatever the scenario: "an app never shows a
/// signed-in user its auth client has signed out", "an action code applies at most once".
///
/// The runner checks each invariant after the step's own expectations pass; one that returns a message fails
/// the scenario at that step with the key `invariant NAME`. `authflow explore` looks for walks that break
/// one. Built-in invariants (``builtIn``) hold for every machine; a machine adds its own through
/// ``MachineDescriptor/invariants``.
///
/// An invariant must hold for a correct machine in every reachable state, mid-flow ones included (a device on
/// a verify screen holds a session; a revoked session is noticed only at the next refresh).
public struct Invariant: Sendable {
  /// A short kebab-case name, printed in failures (`invariant app-follows-session`).
  public var name: String
  /// The bug it catches, in one sentence, for the docs and `authflow explore`'s report.
  public var catches: String
  /// The step actions after which it is checked; nil: after every step (expect-only steps included).
  public var after: Set<ActionKind>?
  /// Returns what is wrong, or nil when the invariant holds.
  public var check: @Sendable (InvariantView) -> String?

  public init(
    name: String, catches: String, after: Set<ActionKind>? = nil,
    check: @escaping @Sendable (InvariantView) -> String?
  ) {
    self.name = name
    self.catches = catches
    self.after = after
    self.check = check
  }
}

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

/// What a device's app showed just before a device action.
public struct AppBefore: Sendable {
  public var state: AuthState
  public var screen: String
  /// The uid of the client's user, if signed in.
  public var uid: String?
  /// The app's `ui` values; captured only before actions that some invariant checks after (see
  /// ``Invariant/after``), empty otherwise.
  public var ui: [String: String]
}

/// One device as an invariant sees it: its app (when running) and its auth client.
public struct DeviceView {
  let device: Device
  let world: World

  public var name: String { device.name }
  /// Whether the app runs (it does unless a `terminate` was not followed by a `launch`).
  public var isRunning: Bool { device.machine != nil }
  /// The app's auth state; nil while it is not running.
  public var state: AuthState? { device.machine?.state }
  public var screen: String? { device.machine?.screen }
  /// The error the app shows.
  public var error: AuthErrorCode? { device.machine?.error }
  /// The app's named values (built on each call).
  public var ui: [String: String] { device.machine?.ui ?? [:] }
  /// The user the auth client caches (possibly stale).
  public var user: CachedUser? { device.client.currentUser }
  public var pendingCredential: PendingCredential? { device.client.pendingCredential }

  /// What the backend thinks of the session the client holds.
  public var session: SessionStatus {
    guard let token = device.client.tokens?.idToken else { return .none }
    let backend = world.backend
    if let deleted = backend.deletedAccounts[token.uid] {
      return token.serial > deleted.tokenSerial ? .mintedAfterDeletion : .accountDeleted
    }
    guard let account = backend.account(uid: token.uid) else { return .accountDeleted }
    if account.disabled { return .accountDisabled }
    if token.generation < account.validSinceGeneration { return .revoked }
    return .live
  }
}

/// The backend's judgement of the session a client holds.
public enum SessionStatus: Equatable, Sendable {
  /// The client holds no session.
  case none
  case live
  /// Revoked (password change or reset, `revoke_sessions`, a takeover): the next refresh or reload fails.
  case revoked
  case accountDisabled
  /// The account was deleted after the client got its token.
  case accountDeleted
  /// The client holds an ID token minted after its account was deleted: it should not exist.
  case mintedAfterDeletion
}

/// The devices of a scenario, as ``DeviceView``s.
public struct DeviceViews: RandomAccessCollection {
  let devices: [Device]
  let world: World

  public var startIndex: Int { 0 }
  public var endIndex: Int { devices.count }
  public subscript(position: Int) -> DeviceView { DeviceView(device: devices[position], world: world) }
}
