import AuthFlowLanguage

/// The actions on the world (SPEC 2.3): the clock (`wait`, in Run+Wait.swift), the browser, the admin SDK, the network, injected failures.
extension Run {
  // MARK: - World actions

  func perform(_ action: Action, _ step: Step, _ device: Device) -> StepOutcome.Status? {
    switch action {
    case .wait(let duration):
      wait(duration)
    case .followLink(let kind, let to, let newPassword, let which, let device):
      return followLink(kind, to: to, newPassword: newPassword, which: which, on: device, step)
    case .admin(let adminAction):
      do throws(AdminError) {
        try world.backend.perform(adminAction)
      } catch {
        switch error {
        case .noAccount(let name):
          return fail(step, key: "admin", expected: "an account \(name)", actual: "no such account")
        case .refused(let code):
          return fail(step, key: "admin", expected: "\(adminAction.key) to succeed", actual: code.rawValue)
        }
      }
    case .network(let online):
      device.client.isOnline = online
      world.log(device.name, online ? "online" : "offline")
      if online, device.lifecycle == .foreground {
        driver?.clientWorkStarts(on: device.name)
        device.client.runScheduledRefresh()
      }
    case .failNext(let operation, let code):
      world.failNext(operation, with: code, device: step.device)
      world.log(
        "backend", "the next \(operation.rawValue) from \(step.device ?? "any device") will fail with \(code)"
      )
    default:
      break
    }
    return nil
  }

  func followLink(
    _ kind: MailKind, to: String, newPassword: String?, which: MailChoice, on deviceName: String?,
    _ step: Step
  ) -> StepOutcome.Status? {
    let matching = world.outbox.emails(kind, to: to)
    guard let email = which.pick(from: matching) else {
      let wanted =
        switch which {
        case .newest, .oldest: "a \(kind.rawValue) email to \(to.lowercased()) in the outbox"
        case .number(let number):
          "\(ordinal(number)) \(kind.rawValue) email to \(to.lowercased()) in the outbox"
        }
      let found =
        matching.isEmpty
        ? "none (\(world.outbox.emails.count) email(s) sent in all)"
        : "\(matching.count) such email(s)"
      return fail(step, key: "follow_link", expected: wanted, actual: found)
    }
    if let deviceName {
      guard let device = device(named: deviceName) else {
        return error(step, at: step.actionLocation, "unknown device '\(deviceName)'")
      }
      return open(email, on: device, step)
    }
    let what =
      kind != .passwordReset
      ? "applyOobCode" : newPassword == nil ? "verifyPasswordResetCode" : "confirmPasswordReset"
    let code = Redactor.shorten(email.code)
    do throws(AuthErrorCode) {
      if let injected = world.takeInjectedFailure(for: kind.operation, device: nil) { throw injected }
      try world.backend.follow(code: email.code, kind: kind, newPassword: newPassword)
      world.linkError = nil
      world.log("browser", "\(what)(\(code)) → ok")
    } catch {
      world.linkError = error
      world.log("browser", "\(what)(\(code)) → \(error): the page shows the error")
    }
    return nil
  }

  /// A link opened on a device: the OS hands it to the app, launching it or bringing it to the foreground first.
  func open(_ email: Outbox.Email, on device: Device, _ step: Step) -> StepOutcome.Status? {
    switch device.lifecycle {
    case .terminated:
      if let status = perform(.launch, on: device, step) { return status }
    case .background:
      if let status = perform(.foreground, on: device, step) { return status }
    case .foreground: break
    }
    world.log(device.name, "opens the \(email.kind.rawValue) link (\(Redactor.shorten(email.code)))")
    guard let machine = device.machine else { return nil }
    do {
      try machine.openLink(email.link)
    } catch {
      return self.error(
        step, on: device, at: step.actionLocation, "machine '\(descriptor.name)' failed: \(error)")
    }
    return callBudgetExceeded(step)
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
  func ordinal(_ number: Int) -> String {
    let suffix =
      (11...13).contains(number % 100)
      ? "th" : number % 10 == 1 ? "st" : number % 10 == 2 ? "nd" : number % 10 == 3 ? "rd" : "th"
    return "the \(number)\(suffix)"
  }
}
