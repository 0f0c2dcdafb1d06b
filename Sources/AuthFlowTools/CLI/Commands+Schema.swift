import AuthFlowEngine
import AuthFlowLanguage

extension Commands {
  /// `authflow schema`: prints the JSON Schema of the scenario language, for editors (`machine:` offers the
  /// machines of `registry`).
  public static func schema(registry: MachineRegistry = .builtIn, io: CommandIO = .standard) -> ExitStatus {
    io.out(ScenarioSchema(machineNames: registry.names).json())
    return .success
  }
}
