import AuthFlowLanguage

extension World {
  // MARK: - Driving clients without a scenario (the FirebaseAuth façade's harness)

  /// Signs a device's client in to the account with `email` with a fresh session (`given.signed_in`); false
  /// when no account has the email.
  package func restoreSession(of client: AuthClient, email: String) -> Bool {
    guard let account = backend.account(email: email) else { return false }
    // The session first: starting it is the account's last sign-in, which the user's metadata shows.
    let tokens = backend.issueSession(uid: account.uid, provider: account.providers.first)
    client.restore(backend.account(uid: account.uid)?.info ?? account.info, tokens)
    log(client.device, "signed in as \(account.email ?? email)")
    return true
  }

  /// Moves the clock to `time`, running each client's scheduled token refreshes when they fall due, and calls
  /// `afterRefresh` after each one (the façade tells its listeners there, so they hear every new token).
  package func advance(to time: VirtualTime, clients: [AuthClient], afterRefresh: () -> Void = {}) {
    var rounds = 0
    while rounds < 100_000 {
      rounds += 1
      let due = clients.compactMap { client in client.scheduledRefresh.map { (client, $0) } }
        .filter { $0.1 <= time && $0.1 >= now }
        .min { $0.1 < $1.1 }
      guard let (client, at) = due else { break }
      advance(to: at)
      let refreshed = client.runScheduledRefresh()
      afterRefresh()
      guard refreshed, client.scheduledRefresh.map({ $0 > at }) ?? true else { break }
    }
    advance(to: time)
  }
}
