import AuthFlowLanguage

/// The checks a run makes besides a step's own expectations: invariants and strict mode.
extension Run {
  /// Fails the step because an invariant does not hold after it.
  ///
  /// With several devices, a violation whose message names none (`recent-login`: "delete succeeded 6m after
  /// the last sign-in") is told on the device whose action it followed.
  func fail(_ step: Step, on device: Device, invariant: Invariant, _ message: String) -> StepOutcome.Status {
    let violation = InvariantViolation(invariant: invariant.name, message: message)
    world.log("world", "✗ \(violation.key): \(message)")
    status = .failed
    let namesDevice = devices.contains { message.hasPrefix($0.name + " ") }
    let acting = step.action?.kind.isDeviceAction == true && !namesDevice ? device : nil
    failure = Failure(
      step: step.number, location: step.actionLocation, key: violation.key, expected: nil, actual: message,
      message: "\(label(step, device: acting)): \(violation.key): \(message)", violation: violation)
    return .failed
  }

  /// Fails the step because strict mode found emails or errors no expectation checked.
  func fail(_ step: Step, unchecked: [String], at location: SourceLocation, prefix: String)
    -> StepOutcome.Status
  {
    let list = unchecked.joined(separator: "; ")
    world.log("world", "✗ unchecked: \(list)")
    status = .failed
    failure = Failure(
      step: step.number, location: location, key: "unchecked",
      expected: "every email and SMS sent and error shown checked by an expectation before the next action",
      actual: list,
      message:
        "\(prefix): unchecked: \(list); strict mode wants each checked by an expect (mail, sms, error) "
        + "before the next action")
    return .failed
  }

  /// Strict mode's last word: what the scenario never checked after its last step, as that step's status.
  func uncheckedAtEnd(_ last: Step) -> StepOutcome.Status? {
    guard let unchecked = strictness?.unchecked(devices: devices), !unchecked.isEmpty else { return nil }
    return fail(last, unchecked: unchecked, at: last.location, prefix: "after the last step (\(last.number))")
  }
}

extension Device {
  /// The app's state and screen; nil while it is not running.
  var place: Place? {
    guard let machine else { return nil }
    return Place(state: machine.state.rawValue, screen: machine.screen)
  }
}
