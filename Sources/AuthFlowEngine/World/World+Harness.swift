import AuthFlowLanguage

extension World {
  // MARK: - Setting up and driving a world without a scenario (the FirebaseAuth façade's harness)

  /// The account with this email as the backend stores it now.
  package func account(email: String) -> AccountInfo? { backend.account(email: email)?.info }

  /// A browser opens an emailed action link (``Backend/follow(code:kind:newPassword:)``). Throws what the page
  /// would show.
  package func openLink(_ email: Outbox.Email, newPassword: String?) throws(AuthErrorCode) {
    let code = Redactor.shorten(email.code)
    do throws(AuthErrorCode) {
      if let injected = takeInjectedFailure(for: email.kind.operation, device: nil) { throw injected }
      try backend.follow(code: email.code, kind: email.kind, newPassword: newPassword)
      log("browser", "open \(email.mode) link (\(code)) → ok")
    } catch {
      log("browser", "open \(email.mode) link (\(code)) → \(error)")
      throw error
    }
  }

  /// What the Admin SDK does (`admin:` steps); false when no account has the email.
  package func performAdmin(_ action: AdminAction) -> Bool {
    do {
      try backend.perform(action)
      return true
    } catch {
      return false
    }
  }

  /// `fail_next`: the next matching call (from `device`, or any when nil) fails with `error`.
  package func injectFailure(_ operation: BackendOperation, error: AuthErrorCode, device: String?) {
    failNext(operation, with: error, device: device)
  }
}

extension World {
  /// A fresh identifier from the world's one seeded generator.
  package func newIdentifier(length: Int) -> String { identifier(length: length) }

  /// Writes a line to the transcript.
  package func note(_ actor: String, _ text: @autoclosure () -> String) { log(actor, text()) }
}
