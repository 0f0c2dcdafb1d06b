import AuthFlowLanguage

/// Machine-aware checking (SPEC §11): what a scenario asks of the machine it runs on, checked before anything
/// runs, so `screen: Home` or `tap` on authkit is a `path:line:col` error with a suggestion, not a failure later.
extension RunConfiguration {
  /// The problems of `scenarios` on the machines they run on: device actions the machine does not handle,
  /// providers it does not offer, `tap` targets and `type` fields it does not have, screens it does not show and
  /// `ui` values it does not name. A machine that declares nothing (no screens, no `ui` names) is not checked
  /// on that count, nor is an `exec:` machine, whose adapter declares itself only when it starts.
  public func machineProblems(in scenarios: [Scenario]) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    // A matrix's combinations share their steps: a step wrong on a machine is reported once, not once each.
    var seen: Set<String> = []
    for scenario in scenarios {
      let reference = machineReference(for: scenario)
      guard !reference.isCommand, case .success(let machine) = registry.descriptor(for: reference) else {
        continue
      }
      let secrets = secrets(of: scenario)
      /// Reports `value` when `valid` does not hold it; an empty `valid` is no list (a machine that does not
      /// declare its screens or `ui` names) unless `emptyIsNone`, as for what an action names: the run refuses
      /// any tap target, field or provider a machine does not list.
      func report(
        _ kind: String, _ value: String, among valid: [String], at location: SourceLocation,
        emptyIsNone: Bool = false
      ) {
        guard !valid.isEmpty || emptyIsNone, !valid.contains(value) else { return }
        let problem = LoadProblem.notOnMachine(
          machine: machine.name, kind: kind, value: value,
          suggestion: Suggestion.close(to: value, in: valid), valid: valid)
        let diagnostic = Diagnostic(problem, at: location, hiding: secrets)
        guard seen.insert("\(location)\u{0}\(diagnostic.message)").inserted else { return }
        problems.append(diagnostic)
      }
      for step in scenario.steps {
        if let action = step.action, action.kind.isDeviceAction {
          report(
            "action", action.kind.rawValue, among: machine.supportedActions.map(\.rawValue),
            at: step.actionLocation)
          if machine.supportedActions.contains(action.kind) {
            check(action, on: machine, at: step.actionLocation) {
              report($0, $1, among: $2, at: $3, emptyIsNone: true)
            }
          }
        }
        for expectation in step.expectations {
          switch expectation.check {
          case .screen(let screen): report("screen", screen, among: machine.screens, at: expectation.location)
          case .ui(let name, _): report("ui value", name, among: machine.uiNames, at: expectation.location)
          default: break
          }
        }
      }
    }
    return problems.sorted()
  }

  private func check(
    _ action: Action, on machine: MachineDescriptor, at location: SourceLocation,
    _ report: (String, String, [String], SourceLocation) -> Void
  ) {
    switch action {
    case .signInWith(let sheet), .reauthenticate(.provider(let sheet)):
      // No list (nil) takes every provider; an empty one, none.
      if let providers = machine.signInProviders?.map(\.rawValue) {
        report("sign-in provider", sheet.provider.rawValue, providers, location)
      }
    case .tap(let target):
      report("tap target", target, machine.tapTargets, location)
    case .type(let fields):
      for field in fields { report("type field", field.name, machine.typeFields, location) }
    default: break
    }
  }
}
