/// The app's auth logic under test: it receives the device actions of a scenario, calls its device's
/// ``AuthClient``, and shows a state, a screen, an error and named UI values.
///
/// Conform your app's auth logic to this protocol and register a ``MachineDescriptor`` to run scenarios
/// against it. A machine is created when its app launches and dropped when the OS terminates it; the
/// client, with its persisted session, outlives it.
public protocol Machine: AnyObject {
  /// The auth state the app presents.
  var state: AuthState { get }
  /// The current screen's name.
  var screen: String { get }
  /// The error the app shows now, nil for none. Clear it at the start of each action, even one that then
  /// does nothing; set it when the client signs itself out with an error.
  var error: AuthErrorCode? { get }
  /// Named values the app shows (`greeting`, `resend_seconds_left`, …), as text.
  var ui: [String: String] { get }
  /// Handles one device action (SPEC 2.2), lifecycle events included. Throwing makes the scenario errored.
  func perform(_ action: Action) throws
  /// A problem the machine ran into outside ``perform(_:)``, such as an out-of-process adapter that died
  /// while handling an auth-state change during `wait`; the runner errors the scenario with it at the step
  /// where it shows. nil while all is well (the default).
  var fault: String? { get }
}

// MARK: - Default implementations

extension Machine {
  public var fault: String? { nil }
}

/// What a machine gets from the world when its app launches.
public struct MachineContext {
  /// The device's auth client: the machine's only way to the backend and identity providers.
  public let client: AuthClient
  let world: World

  init(client: AuthClient, world: World) {
    self.client = client
    self.world = world
  }

  /// The device's name, e.g. `phone`.
  public var device: String { client.device }
  /// The virtual clock's time.
  public var now: VirtualTime { world.now }
  /// A number from the scenario's one seeded generator.
  public func random() -> UInt64 { world.nextRandom() }
  /// Writes a line to the transcript under the device's name.
  public func log(_ text: @autoclosure () -> String) { world.log(client.device, text()) }
  /// Notes that an action found nothing to act on (no such button on this screen): it still cleared the error.
  public func nothingHappens(_ why: @autoclosure () -> String) { log("nothing happens: \(why())") }
}

/// A machine by name: what it models, what it supports, and how to start one.
public struct MachineDescriptor: Sendable {
  public var name: String
  /// One line: what the machine models, or a mutant's bug.
  public var summary: String
  /// The actions of SPEC 2.2 it handles; any other makes the scenario errored.
  public var supportedActions: [ActionKind]
  /// Providers `sign_in_with` and `reauthenticate` accept; nil for any.
  public var signInProviders: [ProviderID]?
  /// Screen names it shows, for the docs and "did you mean" hints.
  public var screens: [String]
  /// `tap` targets and `type` fields it accepts.
  public var tapTargets: [String]
  public var typeFields: [String]
  /// The `type` fields whose values are secret (a password, a PIN): every output hides what is typed into
  /// them, as it hides passwords. A field named `password` always is.
  public var secretFields: [String]
  /// Properties of this machine checked after every step besides ``Invariant/builtIn`` (default none).
  public var invariants: [Invariant]
  public var make: @Sendable (MachineContext) -> any Machine

  public init(
    name: String, summary: String, supportedActions: [ActionKind], signInProviders: [ProviderID]? = nil,
    screens: [String], tapTargets: [String] = [], typeFields: [String] = [], secretFields: [String] = [],
    invariants: [Invariant] = [], make: @escaping @Sendable (MachineContext) -> any Machine
  ) {
    self.name = name
    self.summary = summary
    self.supportedActions = supportedActions
    self.signInProviders = signInProviders
    self.screens = screens
    self.tapTargets = tapTargets
    self.typeFields = typeFields
    self.secretFields = secretFields
    self.invariants = invariants
    self.make = make
  }
}

extension MachineDescriptor {
  /// Whether what is typed into `field` is secret: declared so, or named `password`.
  public func hidesField(_ field: String) -> Bool { field == "password" || secretFields.contains(field) }
}

/// The machines a run can name, looked up by name (`authkit`, `authkit~no-foreground-refresh`, …).
public struct MachineRegistry: Sendable {
  public private(set) var descriptors: [MachineDescriptor]

  public init(_ descriptors: [MachineDescriptor]) { self.descriptors = descriptors }

  /// The built-in machines and their mutants.
  public static let builtIn = MachineRegistry(
    AuthKitMachine.descriptors + FirebaseUIMachine.descriptors + PaperMachine.descriptors)

  /// The machine a scenario runs on when neither the file nor the command line names one.
  public static let defaultMachine = "authkit"

  public var names: [String] { descriptors.map(\.name) }

  public func descriptor(named name: String) -> MachineDescriptor? {
    descriptors.first { $0.name == name }
  }

  /// Adds (or replaces) a machine, e.g. your app's auth logic in your own build of the command.
  public mutating func register(_ descriptor: MachineDescriptor) {
    descriptors.removeAll { $0.name == descriptor.name }
    descriptors.append(descriptor)
  }
}
