import AuthFlowLanguage

/// Playing one step: its action on a device or the world, then its expectations, invariants and strictness.
extension Run {
  // MARK: - Steps

  /// Plays one step: the action, then its expectations, then the invariants.
  package func perform(_ step: Step) -> StepOutcome.Status {
    watch?.begin(step: step.number, action: step.action?.kind)
    driver?.startStep()
    guard let device = device(named: step.device) else {
      return error(step, at: step.location, "unknown device '\(step.device ?? "")'")
    }
    if let fault = machineFault() { return error(step, at: step.location, fault) }
    invariants.willPerform(step.action, on: device, world: world)
    if let action = step.action {
      if let unchecked = strictness?.unchecked(devices: devices), !unchecked.isEmpty {
        return fail(step, unchecked: unchecked, at: step.actionLocation, prefix: "step \(step.number)")
      }
      let actor = action.kind.isDeviceAction ? device.name : worldActor(for: action, on: device)
      if step.usedAt != nil {
        // A flow's step: the line is the flow file's, so the transcript names the file.
        world.log(
          actor,
          "step \(step.number): \(action.summary(world.redactor)) (line \(step.location.line) of "
            + "\(PlainText.visible(step.location.file)))")
      } else {
        world.log(
          actor,
          .step(number: step.number, action: action, line: step.location.line, redactor: world.redactor))
      }
      if let note = step.note { world.log(actor, "note: \(note)") }
      for each in devices { each.client.resetCallBudget() }
      let from = coverage != nil && action.kind.isDeviceAction ? device.place : nil
      let status =
        action.kind.isDeviceAction
        ? perform(action, on: device, step) : perform(action, step, device) ?? callBudgetExceeded(step)
      driver?.settle()
      logChanges()
      if status == nil, let from { coverage?.record(from, action.kind, device.place ?? .notRunning) }
      strictness?.noteAfter(
        action, on: device, devices: devices, outbox: world.outbox, texts: world.smsOutbox, step: step.number)
      if let status { return status }
      // Reading what each device shows may have run app code too (an adapter's `tick`): its calls count.
      if let exceeded = callBudgetExceeded(step) { return exceeded }
      if let fault = machineFault() { return error(step, at: step.actionLocation, fault) }
    } else {
      world.log(device.name, .expectation(number: step.number, line: step.location.line))
      if let note = step.note { world.log(device.name, "note: \(note)") }
    }
    // Every check of the step is made, so one run shows each that does not hold (in the transcript, and named
    // after the first's message); the step fails at the first.
    var failed: (failure: Failure, others: [String])?
    for expectation in step.expectations {
      let target = device
      let result = expectation.check(device: target, devices: devices, world: world)
      let actor = expectation.readsDevice ? target.name : "world"
      if result.passed {
        world.log(actor, .checked(key: expectation.key, expected: result.expected))
        if failed == nil { strictness?.noteChecked(expectation, on: target, devices: devices) }
        continue
      }
      world.log(
        actor, "✗ \(expectation.key): expected \(result.expected), found \(result.actual)\(result.hint)")
      guard failed == nil else {
        failed?.others.append(expectation.key)
        continue
      }
      let failure = Failure(
        step: step.number, location: expectation.location, key: expectation.key, expected: result.expected,
        actual: result.actual,
        message:
          "\(label(step, device: expectation.readsDevice ? target : nil)): \(expectation.key): expected "
          + "\(result.expected), found \(result.actual)\(result.hint)")
      failed = (failure, [])
    }
    if case (var failure, let others)? = failed {
      if !others.isEmpty { failure.message += "; also not as expected: \(others.joined(separator: ", "))" }
      status = .failed
      self.failure = failure
      return .failed
    }
    if let (invariant, message) = invariants.violation(
      after: step.action, on: device, devices: devices, world: world)
    {
      return fail(step, on: device, invariant: invariant, message)
    }
    // Without a transcript (explore) the devices were first read by the checks: the calls that ran count too.
    if let exceeded = callBudgetExceeded(step) { return exceeded }
    return .passed
  }

  /// `step 6`, or `step 6 on phone` when the scenario has several devices and the step concerns `device`: a
  /// failure line must say which device was wrong.
  func label(_ step: Step, device: Device?) -> String {
    guard let device, devices.count > 1 else { return "step \(step.number)" }
    return "step \(step.number) on \(device.name)"
  }

  /// A problem a device's machine ran into outside an action (an out-of-process adapter that died while
  /// handling an auth-state change during `wait`), as the step's error message.
  func machineFault() -> String? {
    for device in devices {
      if let fault = device.machine?.fault {
        return "machine '\(descriptor.name)' failed on \(device.name): \(fault)"
      }
    }
    return nil
  }

  /// Errors the step when an app made more auth-client calls in it than one step allows: in its action, or in
  /// handling what the step's scheduled work told it.
  func callBudgetExceeded(_ step: Step) -> StepOutcome.Status? {
    guard devices.contains(where: \.client.budgetExceeded) else { return nil }
    // A wait's scheduled work (an app's polling timer, say) counts in the wait's step.
    var hint = ""
    if case .wait = step.action {
      hint = "; the app's timers during the wait count in it: split the wait into shorter ones"
    }
    return error(
      step, at: step.actionLocation,
      "machine '\(descriptor.name)' made more than \(AuthClient.callBudget) auth-client calls in one step\(hint)"
    )
  }

  /// The transcript lane a world action's step line goes in: the device it concerns, or the part of the world
  /// that acts.
  func worldActor(for action: Action, on device: Device) -> String {
    switch action {
    case .followLink(_, _, _, _, let linkDevice): linkDevice ?? "browser"
    case .wait: "clock"
    case .admin: "admin"
    // The device's own connection goes down or up: its lane, as its "offline" line below.
    case .network: device.name
    default: "backend"
    }
  }

  /// Errors the step; `device`, the device the step acted on, is named when the scenario has several.
  func error(_ step: Step, on device: Device? = nil, at location: SourceLocation, _ message: String)
    -> StepOutcome.Status
  {
    world.log(Self.errorActor, "error: \(message)")
    status = .errored
    failure = Failure(
      step: step.number, location: location, key: step.action?.kind.rawValue, expected: nil, actual: nil,
      message: "\(label(step, device: device)): \(message)")
    return .errored
  }

  func fail(_ step: Step, key: String, expected: String, actual: String) -> StepOutcome.Status {
    world.log("world", "✗ \(key): expected \(expected), found \(actual)")
    status = .failed
    failure = Failure(
      step: step.number, location: step.actionLocation, key: key, expected: expected, actual: actual,
      message: "step \(step.number): \(key): expected \(expected), found \(actual)")
    return .failed
  }

  /// A device action: checks the machine supports it, then hands it to the app. Returns a status only when
  /// the step ends here.
  func perform(_ action: Action, on device: Device, _ step: Step) -> StepOutcome.Status? {
    if let problem = unsupported(action) {
      return error(step, on: device, at: step.actionLocation, problem)
    }
    if device.lifecycle == .terminated, action != .launch, action != .terminate {
      return error(
        step, on: device, at: step.actionLocation,
        "\(device.name) is not running (terminated); add a 'launch' step before '\(action.kind.rawValue)'")
    }
    switch action {
    case .launch:
      if device.lifecycle == .terminated {
        device.start()
        world.log(device.name, "app launched over the persisted session")
      } else {
        world.log(device.name, "already running")
      }
    case .foreground:
      // The event is still delivered (machines treat it as a return to the app), but a scenario that passes on
      // it should know the OS would not send it.
      world.log(
        device.name,
        device.lifecycle == .foreground
          ? "app comes to the foreground (it already was: iOS sends no such event; 'background' first)"
          : "app comes to the foreground")
      device.lifecycle = .foreground
    case .background:
      world.log(device.name, "app goes to the background")
    case .terminate:
      guard device.lifecycle != .terminated else {
        world.log(device.name, "already terminated")
        return nil
      }
    default: break
    }
    guard let machine = device.machine else { return nil }
    do {
      try machine.perform(action)
    } catch {
      return self.error(
        step, on: device, at: step.actionLocation, "machine '\(descriptor.name)' failed: \(error)")
    }
    if let exceeded = callBudgetExceeded(step) { return exceeded }
    switch action {
    case .terminate:
      device.terminate()
      world.log(device.name, "app terminated; the session stays on the device")
    case .background:
      device.lifecycle = .background
    case .launch, .foreground:
      driver?.clientWorkStarts(on: device.name)
      device.client.runScheduledRefresh()
    default: break
    }
    return nil
  }

  func unsupported(_ action: Action) -> String? {
    let kind = action.kind
    guard descriptor.supportedActions.contains(kind) else {
      let names = descriptor.supportedActions.map(\.rawValue).joined(separator: ", ")
      return "machine '\(descriptor.name)' does not support '\(kind.rawValue)'; it supports: \(names)"
    }
    let provider: ProviderID? =
      switch action {
      case .signInWith(let sheet): sheet.provider
      case .reauthenticate(.provider(let sheet)): sheet.provider
      default: nil
      }
    if let provider, let allowed = descriptor.signInProviders, !allowed.contains(provider) {
      return "machine '\(descriptor.name)' does not support '\(kind.rawValue)' with \(provider); "
        + Self.list("it takes", allowed.map(\.rawValue), orElse: "it takes no provider")
    }
    if case .tap(let target) = action, !descriptor.tapTargets.contains(target) {
      return "machine '\(descriptor.name)' has nothing to tap named '\(target)'"
        + "\(Suggestion.didYouMean(target, in: descriptor.tapTargets)); "
        + Self.list("it accepts", descriptor.tapTargets, orElse: "it declares no tap targets")
    }
    if case .type(let fields) = action,
      let field = fields.first(where: { !descriptor.typeFields.contains($0.name) })
    {
      return "machine '\(descriptor.name)' has no field '\(field.name)'"
        + "\(Suggestion.didYouMean(field.name, in: descriptor.typeFields)); "
        + Self.list("it accepts", descriptor.typeFields, orElse: "it declares no fields")
    }
    return nil
  }

  /// `it accepts: a, b`, or `empty` when there is nothing to list.
  private static func list(_ lead: String, _ names: [String], orElse empty: String) -> String {
    names.isEmpty ? empty : "\(lead): \(names.joined(separator: ", "))"
  }
}
