import AuthFlowLanguage

/// The machines a run can name, looked up by name (`authkit`, `authkit~no-foreground-refresh`, …).
public struct MachineRegistry: Sendable {
  /// Every registered machine, in the order registered.
  public private(set) var descriptors: [MachineDescriptor]

  /// A registry of exactly these machines.
  public init(_ descriptors: [MachineDescriptor]) { self.descriptors = descriptors }

  /// The built-in machines and their mutants.
  public static let builtIn = MachineRegistry(
    AuthKitMachine.descriptors + FirebaseUIMachine.descriptors + PaperMachine.descriptors
      + ShowcaseMachine.descriptors)

  /// The machine a scenario runs on when neither the file nor the command line names one.
  public static let defaultMachine = "authkit"

  /// The registered names, in the order registered (for "did you mean" and `authflow machines`).
  public var names: [String] { descriptors.map(\.name) }

  /// The machine registered as `name`, or nil.
  public func descriptor(named name: String) -> MachineDescriptor? {
    descriptors.first { $0.name == name }
  }

  /// The machine a reference names, or why there is none (an `exec:` adapter is never registered).
  func descriptor(for reference: MachineReference) -> Result<MachineDescriptor, MachineError> {
    descriptor(named: reference.description).map { .success($0) }
      ?? .failure(.unknownMachine(reference, known: names))
  }

  /// The words outputs print whatever a scenario's secrets are: the language's (`ScenarioLanguage.words`) and
  /// each machine's, which a `Redactor` keeps where they are written whole.
  public var words: Set<String> {
    descriptors.reduce(into: ScenarioLanguage.words) { $0.formUnion($1.words) }
  }

  /// Adds (or replaces) a machine, e.g. your app's auth logic in your own build of the command.
  public mutating func register(_ descriptor: MachineDescriptor) {
    descriptors.removeAll { $0.name == descriptor.name }
    descriptors.append(descriptor)
  }
}

extension MachineRegistry {
  /// The variants of `machine` with one bug each, named `machine~mutant`.
  public func mutants(of machine: String) -> [MachineDescriptor] {
    descriptors.filter { MachineReference($0.name).isMutant(of: machine) }
  }
}
