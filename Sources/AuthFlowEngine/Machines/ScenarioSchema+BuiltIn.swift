import AuthFlowLanguage

extension ScenarioSchema {
  /// A schema whose `machine:` takes the built-in machines' names. It lives with the machines: the language
  /// sits below them and knows no registry.
  public init() {
    self.init(machineNames: MachineRegistry.builtIn.names)
  }
}
