import AuthFlowEngine
import AuthFlowLanguage

extension Commands {
  /// `authflow machines`: every machine with what it models and supports, and its mutants with their bugs.
  public static func machines(registry: MachineRegistry = .builtIn, io: CommandIO = .standard) -> ExitStatus {
    io.out(machineListing(registry))
    return .success
  }

  static func machineListing(_ registry: MachineRegistry) -> String {
    let bases = registry.descriptors.filter { MachineReference($0.name).base == nil }
    var lines: [String] = []
    for machine in bases {
      let isDefault = machine.name == MachineRegistry.defaultMachine ? " (default)" : ""
      lines.append("\(machine.name)\(isDefault) — \(machine.summary)")
      lines.append("  actions: \(machine.supportedActions.map(\.rawValue).joined(separator: ", "))")
      // The actions the run checks against these providers, of those this machine supports (firebaseui has
      // no reauthenticate).
      let providerActions = [ActionKind.signInWith, .reauthenticate]
        .filter(machine.supportedActions.contains)
      if let providers = machine.signInProviders, !providerActions.isEmpty {
        let label = providerActions.map(\.rawValue).joined(separator: " / ")
        lines.append(
          "  \(label): \(providers.isEmpty ? "no provider" : providers.map(\.rawValue).joined(separator: ", "))"
        )
      }
      if !machine.tapTargets.isEmpty { lines.append("  tap: \(machine.tapTargets.joined(separator: ", "))") }
      if !machine.typeFields.isEmpty { lines.append("  type: \(machine.typeFields.joined(separator: ", "))") }
      lines.append("  screens: \(machine.screens.joined(separator: ", "))")
      if !machine.uiNames.isEmpty { lines.append("  ui: \(machine.uiNames.joined(separator: ", "))") }
      let mutants = registry.mutants(of: machine.name)
      if !mutants.isEmpty {
        lines.append("  mutants:")
        let width = mutants.map(\.name.count).max() ?? 0
        for mutant in mutants {
          let padding = String(repeating: " ", count: width - mutant.name.count)
          lines.append("    \(mutant.name)\(padding)  \(mutant.summary)")
        }
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }
}
