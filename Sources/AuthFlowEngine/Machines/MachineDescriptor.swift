import AuthFlowLanguage

/// A machine by name: what it models, what it supports, and how to start one.
public struct MachineDescriptor: Sendable {
  /// The name scenarios and `--machine` use (`authkit`, `authkit~mutant`).
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
  /// The fields `type` may fill.
  public var typeFields: [String]
  /// The `type` fields whose values are secret (a password, a PIN): every output hides what is typed into
  /// them, as it hides passwords. A field named `password` always is.
  public var secretFields: [String]
  /// Properties of this machine checked after every step besides ``Invariant/builtIn`` (default none).
  public var invariants: [Invariant]
  /// Makes a new instance of the machine when an app launches on a device.
  public var make: @Sendable (MachineContext) -> any Machine

  /// Describes a machine; `make` starts one for a device's app.
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
