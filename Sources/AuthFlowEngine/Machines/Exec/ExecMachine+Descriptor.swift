import AuthFlowLanguage

extension ExecMachine {
  /// The descriptor of `exec:COMMAND`: starts the adapter once on a blank world, reads what its `ready`
  /// says it supports, and stops it. Each app launch of a scenario then starts an adapter of its own.
  static func descriptor(command: String, timeout: Duration) -> Result<MachineDescriptor, MachineError> {
    let reference = MachineReference.exec(command: command)
    guard !command.allSatisfy(\.isWhitespace) else { return .failure(.noCommand(reference)) }
    let settings = Settings(command: command, timeout: timeout)
    let world = World(
      settings: BackendSettings(), start: .defaultStart, seed: 0, redactor: Redactor(passwords: []))
    let client = AuthClient(device: "phone", world: world)
    let machine = ExecMachine(
      context: MachineContext(client: client, world: world), settings: settings, probe: true)
    defer { machine.stop() }
    guard let description = machine.description, machine.fault == nil else {
      return .failure(.cannotStart(reference, reason: machine.fault ?? "the adapter did not say ready"))
    }
    let summary =
      description.summary.map { "\(description.name): \($0)" } ?? "\(description.name), out of process"
    return .success(
      MachineDescriptor(
        name: reference.description, summary: summary, supportedActions: description.actions,
        signInProviders: description.providers, screens: description.screens,
        tapTargets: description.tapTargets,
        typeFields: description.typeFields, secretFields: description.secretFields
      ) { ExecMachine(context: $0, settings: settings) })
  }
}
