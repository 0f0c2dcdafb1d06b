import AuthFlowLanguage

extension Scenario {
  /// What every output of this scenario hides on `machine`, in order of first appearance: every password, and
  /// every value typed into a field the machine declares secret.
  public func secrets(for machine: MachineDescriptor) -> [String] {
    guard !secretMentions.isEmpty else { return passwords }
    return secretMentions.filter { $0.field.map(machine.hidesField) ?? true }.map(\.text)
  }

  /// Values typed into fields `machine` does not accept at all: the scenario errors there, and what was typed
  /// may be a secret, so outputs hide it too (as `‹password›`, outside the numbering).
  public func strayValues(for machine: MachineDescriptor) -> [String] {
    secretMentions.filter { $0.field.map { !machine.typeFields.contains($0) } ?? false }.map(\.text)
  }

  /// What hides this scenario's secrets on `machine`, numbered in order of first appearance.
  public func redactor(for machine: MachineDescriptor) -> Redactor {
    Redactor(
      passwords: secrets(for: machine), alsoHiding: strayValues(for: machine),
      keeping: machine.keptWords)
  }
}
