import AuthFlowLanguage
import Synchronization

/// A machine by name: what it models, what it supports, and how to start one.
public struct MachineDescriptor: Sendable {
  /// The name scenarios and `--machine` use (`authkit`, `authkit~mutant`).
  public var name: String { didSet { kept = KeptWords() } }
  /// One line: what the machine models, or a mutant's bug.
  public var summary: String
  /// The actions of SPEC 2.2 it handles; any other makes the scenario errored.
  public var supportedActions: [ActionKind]
  /// Providers `sign_in_with` and `reauthenticate` accept; nil for any.
  public var signInProviders: [ProviderID]?
  /// Screen names it shows, for the docs and "did you mean" hints.
  public var screens: [String] { didSet { kept = KeptWords() } }
  /// `tap` targets and `type` fields it accepts.
  public var tapTargets: [String] { didSet { kept = KeptWords() } }
  /// The fields `type` may fill.
  public var typeFields: [String] { didSet { kept = KeptWords() } }
  /// The `type` fields whose values are secret (a password, a PIN): every output hides what is typed into
  /// them, as it hides passwords. A field named `password` always is.
  public var secretFields: [String] { didSet { kept = KeptWords() } }
  /// Properties of this machine checked after every step besides ``Invariant/builtIn`` (default none).
  public var invariants: [Invariant]
  /// Starts the machine when its app launches.
  public var make: @Sendable (MachineContext) -> any Machine
  /// Whether the machine is an ``AsyncMachine``: its scenarios run on authflow's executors, one at a time.
  public private(set) var isAsync = false
  /// The names of the values its `ui` shows (`greeting`, `resend_seconds_left`), for load-time checks of `ui`
  /// expectations; empty when the machine does not say (nothing is checked then).
  public var uiNames: [String] = [] { didSet { kept = KeptWords() } }
  /// The machine whose scenarios this one plays too, nil for none: an app's own code put under a built-in
  /// machine's scenarios (the seed examples' `authkit-seed` plays `authkit`'s). `authflow mutants` counts the
  /// scenarios written for that machine as written for this one.
  public var playsScenariosOf: String?
  /// Whether the app's auth client refreshes its ID token on its own, 5 minutes before it expires (SPEC 5.3), as
  /// FirebaseAuth does once another Firebase product (Firestore, Storage, Functions, Database) has asked it for a
  /// token: true by default. False for an app that uses FirebaseAuth alone, whose SDK refreshes a token only when
  /// a call needs one (`getIDToken`, `reload` with 5 minutes or less left), so a session ended elsewhere shows at
  /// the app's next such call rather than at a refresh during a `wait`.
  public var refreshesTokensOnSchedule = true
  /// ``words`` with the language's, worked out on first use and shared by the copies of this descriptor: every
  /// scenario's redactor keeps them, and building the set for each costs more than playing some scenarios.
  private var kept = KeptWords()

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
  /// A machine written with Swift concurrency (see ``AsyncMachine``): `makeAsync` starts it on the main actor
  /// when its app launches; everything else is as for a synchronous machine.
  @available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
  public init(
    name: String, summary: String, supportedActions: [ActionKind], signInProviders: [ProviderID]? = nil,
    screens: [String], tapTargets: [String] = [], typeFields: [String] = [], secretFields: [String] = [],
    invariants: [Invariant] = [],
    makeAsync: @escaping @MainActor @Sendable (MachineContext) -> any AsyncMachine
  ) {
    self.init(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: signInProviders,
      screens: screens, tapTargets: tapTargets, typeFields: typeFields, secretFields: secretFields,
      invariants: invariants, make: { context in AsyncMachineHost(context: context, make: makeAsync) })
    isAsync = true
  }

  /// Whether what is typed into `field` is secret: declared so, or named `password`.
  public func hidesField(_ field: String) -> Bool { field == "password" || secretFields.contains(field) }
}

extension MachineDescriptor {
  /// The words a scenario's outputs print whole on this machine whatever its secrets are: the language's
  /// (`ScenarioLanguage.words`) and ``words``.
  package var keptWords: Set<String> {
    kept.value.withLock { known in
      if let known { return known }
      let words = ScenarioLanguage.words.union(words)
      known = words
      return words
    }
  }

  /// The words the machine makes outputs print (its name, screens, fields, `ui` names and tap targets); see
  /// ``MachineRegistry/words``.
  public var words: Set<String> {
    Set([name] + screens + tapTargets + typeFields + secretFields + uiNames)
  }
}

/// The memo behind ``MachineDescriptor/keptWords``; a change to what the words come from replaces it.
private final class KeptWords: Sendable {
  let value = Mutex<Set<String>?>(nil)
}
