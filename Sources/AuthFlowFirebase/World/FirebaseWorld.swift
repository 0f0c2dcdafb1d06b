import AuthFlowEngine
import AuthFlowLanguage
import Foundation

// The types `FirebaseWorld`'s API hands out, re-exported one by one, so that code whose only import is this
// module reaches their members where a member's module must be imported (`MemberImportVisibility`, Swift 7's
// default): `world.advance(by: .hours(1))`, `world.account(email:)?.uid`. Not the modules whole: their
// `AuthErrorCode` would clash with FirebaseAuth's.
@_exported import struct AuthFlowEngine.AccountInfo
@_exported import struct AuthFlowEngine.MachineContext
@_exported import class AuthFlowEngine.Outbox
@_exported import class AuthFlowEngine.SMSOutbox
@_exported import struct AuthFlowEngine.TranscriptEntry
@_exported import enum AuthFlowLanguage.AccountName
@_exported import struct AuthFlowLanguage.AccountSeed
@_exported import enum AuthFlowLanguage.AdminAction
@_exported import enum AuthFlowLanguage.BackendOperation
@_exported import struct AuthFlowLanguage.BackendSettings
@_exported import enum AuthFlowLanguage.ClaimValue
@_exported import struct AuthFlowLanguage.IdentityProviderAccountSeed
@_exported import enum AuthFlowLanguage.MailKind
@_exported import struct AuthFlowLanguage.ProviderID
@_exported import struct AuthFlowLanguage.ProviderSheet
@_exported import struct AuthFlowLanguage.SecondFactor
@_exported import enum AuthFlowLanguage.SheetOutcome
@_exported import struct AuthFlowLanguage.VirtualDuration
@_exported import struct AuthFlowLanguage.VirtualTime

/// A world for FirebaseAuth-style app code: the production-faithful backend, identity providers, outbox and
/// virtual clock of a scenario, with one ``Auth`` per device.
///
/// Use it from a plain XCTest or Swift Testing test, without YAML: create it with accounts and knobs, get each
/// device's ``Auth`` (or make a device current so ``Auth/auth()`` returns its instance), read the outbox and
/// the SMS sent, advance the clock, check the backend. Every call is serialised by one lock, so app code may call from any
/// task; the world itself never waits or reads the wall clock.
public final class FirebaseWorld: @unchecked Sendable {
  /// An account that exists before the test starts.
  public typealias AccountSeed = AuthFlowLanguage.AccountSeed
  /// A second factor an account has before the test starts (``AccountSeed``'s `mfa`).
  public typealias SecondFactor = AuthFlowLanguage.SecondFactor
  /// An account at a fake identity provider.
  public typealias IdentityProviderAccountSeed = AuthFlowLanguage.IdentityProviderAccountSeed
  /// The backend's knobs, production's defaults (`BackendSettings`).
  public typealias Settings = AuthFlowLanguage.BackendSettings
  /// A sign-in method's id (`password`, `google.com`, …).
  public typealias ProviderID = AuthFlowLanguage.ProviderID
  /// An email in the outbox.
  public typealias Email = AuthFlowEngine.Outbox.Email
  /// A text message in the SMS outbox: the number, the verification code, when it was sent.
  public typealias SMS = AuthFlowEngine.SMSOutbox.Message
  /// The kinds of email.
  public typealias MailKind = AuthFlowLanguage.MailKind
  /// An instant on the virtual clock.
  public typealias VirtualTime = AuthFlowLanguage.VirtualTime
  /// A length of virtual time.
  public typealias VirtualDuration = AuthFlowLanguage.VirtualDuration
  /// An account as the backend stores it.
  public typealias AccountInfo = AuthFlowEngine.AccountInfo
  /// A custom claim's value (``customToken(uid:claims:)``, `admin(.setClaims(…))`).
  public typealias ClaimValue = AuthFlowLanguage.ClaimValue
  /// How a sign-in sheet is answered.
  public typealias SheetOutcome = AuthFlowLanguage.SheetOutcome
  /// A sign-in sheet's answer: provider, account, outcome.
  public typealias ProviderSheet = AuthFlowLanguage.ProviderSheet
  /// What the Admin SDK does.
  public typealias AdminAction = AuthFlowLanguage.AdminAction
  /// A backend operation, as `failNext` names it.
  public typealias BackendOperation = AuthFlowLanguage.BackendOperation
  /// One of the world's `auth/…` codes (for `failNext` and sheet failures).
  public typealias WorldErrorCode = AuthFlowLanguage.AuthErrorCode
  /// One transcript line.
  public typealias TranscriptEntry = AuthFlowEngine.TranscriptEntry

  /// The world, owned when this harness made it.
  private let ownedWorld: World?
  /// The world, owned or attached.
  unowned let world: World
  let lock = NSRecursiveLock()
  private var depth = 0
  var auths: [String: Auth] = [:]
  var clients: [String: AuthClient] = [:]
  /// IdP tokens handed out by sheets and ``credential(for:email:)``: what a credential's token stands for.
  var issuedTokens: [String: IdentityProviders.Account] = [:]
  /// The Apple accounts whose name a credential carried already: Apple shares it on the first authorization only.
  var appleNamesShared: Set<String> = []
  /// Answers queued for the next sheet per device.
  var sheetAnswers: [String: [AuthFlowLanguage.ProviderSheet]] = [:]
  /// The project tokens are issued for (`aud`, `iss`).
  public let projectID = FirebaseWorld.projectID
  /// Every world's project id, which ``FirebaseOptions`` carries too.
  static let projectID = "demo-authflow"
  /// Whether the devices' ID tokens refresh on their own, 5 minutes before they expire, as ``advance(by:)`` moves
  /// the clock (true), or only when a call needs one, as for an app that uses FirebaseAuth alone (false; see
  /// Docs/FirebaseAPI.md). In a scenario run the machine's descriptor says
  /// (`MachineDescriptor.refreshesTokensOnSchedule`).
  public let refreshesTokensOnSchedule: Bool

  /// A world of its own: `accounts` and IdP accounts exist, `signedIn` maps devices to the email their
  /// session belongs to, the clock starts at `now`, every id comes from `seed`; `refreshesTokensOnSchedule`
  /// false for an app that uses FirebaseAuth alone.
  public init(
    accounts: [AccountSeed] = [], identityProviderAccounts: [ProviderID: [IdentityProviderAccountSeed]] = [:],
    signedIn: [(device: String, email: String)] = [], settings: Settings = Settings(),
    now: VirtualTime = .defaultStart, seed: UInt64 = 0, refreshesTokensOnSchedule: Bool = true
  ) {
    let world = World(settings: settings, start: now, seed: seed, redactor: Redactor(passwords: []))
    ownedWorld = world
    self.world = world
    self.refreshesTokensOnSchedule = refreshesTokensOnSchedule
    world.note("world", "FirebaseWorld, seed \(seed)")
    // Sign-in with such a provider is `operationNotAllowed`; its accounts would only mislead.
    for provider in identityProviderAccounts.keys.sorted()
    where !AuthFlowLanguage.ProviderID.identityProviders.contains(provider) {
      world.note(
        "world", "identity provider '\(provider.rawValue)' is not modelled: its accounts are left out")
    }
    world.populate(
      from: Given(now: now, accounts: accounts, identityProviders: identityProviderAccounts))
    for (device, email) in signedIn { _ = world.restoreSession(of: client(for: device), email: email) }
  }

  /// The harness attached to a scenario run's world, made on first use: what an async machine's glue uses to
  /// hand its app code the device's ``Auth``.
  ///
  /// It takes the device's own auth client, so ``Auth/auth()`` and `auth(for: device)` give app code on the
  /// device the run's session whichever the glue calls; and, called as the device's app launches, it makes that
  /// device the current one for the rest of the launch.
  public static func attached(to context: MachineContext) -> FirebaseWorld {
    let key = "AuthFlowFirebase"
    let attached: FirebaseWorld
    if let existing = context.world.attachments[key] as? FirebaseWorld {
      attached = existing
    } else {
      attached = FirebaseWorld(attachingTo: context.world)
      context.world.attachments[key] = attached
    }
    attached.locked {
      if attached.clients[context.device] == nil { attached.clients[context.device] = context.client }
    }
    CurrentAuth.setProcessWide((attached, context.device))
    return attached
  }

  private init(attachingTo world: World) {
    ownedWorld = nil
    self.world = world
    // The run's devices' clients come with their machine's choice; this one is only for devices it makes.
    refreshesTokensOnSchedule = true
  }
}

extension FirebaseWorld: WorldAttachment {
  /// The scenario run's world ends: let go of the devices' `Auth`s (which hold this harness), so nothing of the
  /// run outlives it.
  package func worldDidEnd() {
    lock.lock()
    auths = [:]
    clients = [:]
    lock.unlock()
    if CurrentAuth.processWide()?.world === self { CurrentAuth.setProcessWide(nil) }
  }

  /// The app on `device` was terminated: its ``Auth`` goes with it, listeners and all, as the process's
  /// instance does; the next launch gets a new one over the persisted session.
  package func appDidTerminate(on device: String) {
    locked { auths.removeValue(forKey: device)?.appDidTerminate() }
  }

  /// The runner launches `device`'s app or reads what it shows: ``Auth/auth()`` returns that device's instance
  /// meanwhile, as in the device's actions (an app's computed `currentUser` reads `Auth.auth()`), then what it
  /// was.
  package func running<T>(asDevice device: String, _ read: () -> T) -> T {
    let previous = CurrentAuth.exchangeProcessWide((self, device))
    defer { CurrentAuth.setProcessWide(previous) }
    return read()
  }
}

extension FirebaseWorld {

  // MARK: - Serialising

  /// Runs `body` under the world's lock; the outermost call then tells each device's listeners what changed.
  /// Runs `body`, a call that may email links, with those links leading to `settings.url` (their `continueUrl`),
  /// as production's emails do.
  func leading<T>(to settings: ActionCodeSettings?, _ body: () throws -> T) throws -> T {
    try locked { () throws -> T in
      let backend = world.backend
      backend.continueURL = settings?.url?.absoluteString
      defer { backend.continueURL = nil }
      return try body()
    }
  }

  func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    depth += 1
    defer {
      depth -= 1
      if depth == 0 { deliverPendingNotifications() }
      lock.unlock()
    }
    return try body()
  }

  /// Tells each device's listeners what changed since they last heard, devices in name order.
  func deliverPendingNotifications() {
    for device in auths.keys.sorted() { auths[device]?.deliverPendingNotifications() }
  }

  // MARK: - Devices

  private func client(for device: String) -> AuthClient {
    if let client = clients[device] { return client }
    let client = AuthClient(device: device, world: world)
    client.refreshesOnSchedule = refreshesTokensOnSchedule
    clients[device] = client
    return client
  }

  /// The ``Auth`` of a device (one install of the app), made on first use.
  public func auth(for device: String) -> Auth {
    locked {
      if let auth = auths[device] { return auth }
      let auth = Auth(world: self, client: client(for: device))
      auths[device] = auth
      return auth
    }
  }

  /// The ``Auth`` of the device a machine runs on, in a scenario run.
  public func auth(for context: MachineContext) -> Auth {
    locked {
      if let auth = auths[context.device] { return auth }
      clients[context.device] = context.client
      let auth = Auth(world: self, client: context.client)
      auths[context.device] = auth
      return auth
    }
  }

  /// The device ``Auth/auth()`` returns outside ``withDevice(_:_:)``, process-wide; nil for none. Setting it
  /// makes this world the process's current one. Parallel tests should prefer ``withDevice(_:_:)``.
  public var currentDevice: String? {
    get {
      let current = CurrentAuth.processWide()
      return current?.world === self ? current?.device : nil
    }
    set { CurrentAuth.setProcessWide(newValue.map { (self, $0) }) }
  }

  /// Runs `body` with ``Auth/auth()`` returning `device`'s instance, in this task and the tasks it starts.
  ///
  /// In a scenario run (a harness ``attached(to:)`` a run's world) `device` also becomes the process-wide
  /// current device until the next call names another, so code that no task-local reaches (a
  /// `Task.detached`, a Dispatch queue) gets the instance of the device whose code ran last, as an app's one
  /// process has one `Auth`.
  public func withDevice<T>(_ device: String, _ body: () throws -> T) rethrows -> T {
    let auth = bindProcessWide(device)
    return try CurrentAuth.$bound.withValue(auth.binding, operation: body)
  }

  /// Runs `body` with ``Auth/auth()`` returning `device`'s instance, in this task and the tasks it starts
  /// (and process-wide in a scenario run, as the synchronous form says).
  public func withDevice<T>(
    _ device: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    let auth = bindProcessWide(device)
    return try await CurrentAuth.$bound.withValue(auth.binding, operation: body, isolation: isolation)
  }

  /// `device`'s instance, made the process-wide current one when this harness serves a scenario run.
  private func bindProcessWide(_ device: String) -> Auth {
    if ownedWorld == nil { CurrentAuth.setProcessWide((self, device)) }
    return auth(for: device)
  }
}
