import AuthFlowLanguage

/// The actions on the world (SPEC 2.3): the clock (`wait`, in Run+Wait.swift), the browser, the admin SDK, the network, injected failures.
extension Run {
  // MARK: - World actions

  func perform(_ action: Action, _ step: Step, _ device: Device) -> StepOutcome.Status? {
    switch action {
    case .wait(let duration):
      wait(duration)
    case .followLink(let kind, let to, let newPassword, let which):
      return followLink(kind, to: to, newPassword: newPassword, which: which, step)
    case .admin(let adminAction):
      do {
        try world.backend.perform(adminAction)
      } catch {
        return fail(step, key: "admin", expected: "an account \(error.email)", actual: "no such account")
      }
    case .network(let online):
      device.client.isOnline = online
      world.log(device.name, online ? "online" : "offline")
      if online, device.lifecycle == .foreground { device.client.runScheduledRefresh() }
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

  func followLink(_ kind: MailKind, to: String, newPassword: String?, which: MailChoice, _ step: Step)
    -> StepOutcome.Status?
  {
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

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
  func ordinal(_ number: Int) -> String {
    let suffix =
      (11...13).contains(number % 100)
      ? "th" : number % 10 == 1 ? "st" : number % 10 == 2 ? "nd" : number % 10 == 3 ? "rd" : "th"
    return "the \(number)\(suffix)"
  }
}
