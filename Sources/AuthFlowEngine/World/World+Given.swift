import AuthFlowLanguage

extension World {
  /// Puts what a scenario's `given` holds into the world: each identity-provider account, then each account
  /// (with the IdP accounts its `providers` link, created when `identity_providers` does not list them).
  ///
  /// The one place a world is built from `given`: the runner, `explore` and `serve` all call it, so the same
  /// `given` and seed give the same uids and subjects everywhere. Signing devices in is the runner's part.
  package func populate(from given: Given) {
    for provider in ProviderID.identityProviders {
      for seed in given.identityProviders[provider] ?? [] {
        addIdentityProviderAccount(
          provider, email: seed.email, name: seed.name, verified: seed.emailVerified, photoURL: seed.photoURL,
          username: seed.username)
      }
    }
    for account in given.accounts {
      if let email = account.email {
        for provider in account.providers {
          addIdentityProviderAccount(provider, email: email, name: account.displayName, verified: nil)
        }
      }
      backend.seed(account, identityProviders: identityProviders)
      let name = [account.email, account.id.map { "id \($0)" }].compactMap(\.self).joined(separator: ", ")
      log("backend", "account \(name) (\(facts(of: account).joined(separator: ", ")))")
    }
  }

  /// `verified, password ••••, google.com, disabled`: how the transcript describes a given account.
  private func facts(of account: AccountSeed) -> [String] {
    var facts = account.anonymous ? ["anonymous"] : [account.emailVerified ? "verified" : "unverified"]
    if let password = account.password { facts.append("password \(hide(password: password))") }
    facts += account.providers.map(\.rawValue)
    if account.disabled { facts.append("disabled") }
    return facts
  }

  /// Adds an account to `provider` unless it has one for the email already; `verified` nil takes the
  /// provider's default (SPEC 5.4).
  private func addIdentityProviderAccount(
    _ provider: ProviderID, email: String, name: String?, verified: Bool?, photoURL: String? = nil,
    username: String? = nil
  ) {
    let email = email.lowercased()
    guard identityProviders.account(provider, email: email) == nil else { return }
    identityProviders.add(
      IdentityProviders.Account(
        provider: provider, subject: identifier(length: 21), email: email, name: name,
        emailVerified: verified ?? provider.verifiesEmailByDefault, photoURL: photoURL, screenName: username))
  }
}
