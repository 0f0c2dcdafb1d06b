import AuthFlowLanguage

/// The actions on the world (SPEC 2.3): the clock (`wait`, in Run+Wait.swift), the browser, the admin SDK, the network, injected failures.
extension Run {
  // MARK: - World actions

  func perform(_ action: Action, _ step: Step, _ device: Device) -> StepOutcome.Status? {
    switch action {
    case .wait(let duration):
      wait(duration)
    case .followLink(let kind, let to, let newPassword):
      return followLink(kind, to: to, newPassword: newPassword, step)
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

  func followLink(_ kind: MailKind, to: String, newPassword: String?, _ step: Step) -> StepOutcome
    .Status?
  {
    guard let email = world.outbox.newest(kind, to: to) else {
      return fail(
        step, key: "follow_link", expected: "a \(kind.rawValue) email to \(to.lowercased()) in the outbox",
        actual: "none (\(world.outbox.emails.count) email(s) sent in all)")
    }
    let operation: BackendOperation = kind == .verifyEmail ? .applyOobCode : .resetPassword
    let what =
      kind == .verifyEmail
      ? "applyOobCode" : newPassword == nil ? "verifyPasswordResetCode" : "confirmPasswordReset"
    let code = Redactor.shorten(email.code)
    do throws(AuthErrorCode) {
      if let injected = world.takeInjectedFailure(for: operation, device: nil) { throw injected }
      switch kind {
      case .verifyEmail: _ = try world.backend.applyVerification(code: email.code)
      case .passwordReset: _ = try world.backend.resetPassword(code: email.code, newPassword: newPassword)
      }
      world.linkError = nil
      world.log("browser", "\(what)(\(code)) → ok")
    } catch {
      world.linkError = error
      world.log("browser", "\(what)(\(code)) → \(error): the page shows the error")
    }
    return nil
  }

}
