import AuthFlowLanguage

extension Backend {
  /// What the Admin SDK or the console does (`admin:` steps). Throws a message when no account has the email.
  func perform(_ action: AdminAction) throws(AdminError) {
    guard let account = account(email: action.email) else { throw AdminError(email: action.email) }
    switch action {
    case .disable:
      update(uid: account.uid) { $0.disabled = true }
      world.log("admin", "disabled \(action.email)")
    case .enable:
      update(uid: account.uid) { $0.disabled = false }
      world.log("admin", "enabled \(action.email)")
    case .delete:
      remove(uid: account.uid)
      recordDeletion(of: account, byClient: false)
      world.log("admin", "deleted \(action.email)")
    case .revokeSessions:
      world.log("admin", "revoke sessions of \(action.email)")
      revokeSessions(uid: account.uid, reason: "revokeRefreshTokens")
    case .verifyEmail:
      update(uid: account.uid) { $0.emailVerified = true }
      world.log("admin", "marked \(action.email) verified")
    case .setClaims(_, let claims):
      update(uid: account.uid) { $0.customClaims = claims }
      world.log("admin", "set the custom claims of \(action.email) to \(ClaimValue.describe(claims))")
    case .setPassword(_, let password):
      update(uid: account.uid) { $0.password = password }
      world.log("admin", "set the password of \(action.email) to \(world.hide(password: password))")
      revokeSessions(uid: account.uid, reason: "password changed")
    }
  }

  /// Creates the accounts of `given.accounts` and links their providers' IdP accounts.
  func seed(_ seed: AccountSeed, identityProviders: IdentityProviders) {
    var account = newAccount(email: seed.email)
    account.password = seed.password
    account.emailVerified = seed.emailVerified
    account.displayName = seed.displayName
    account.disabled = seed.disabled
    account.photoURL = seed.photoURL
    account.customClaims = seed.claims
    for provider in seed.providers {
      if let idp = identityProviders.account(provider, email: seed.email) {
        account.links.append(ProviderLink(provider: provider, subject: idp.subject, email: idp.email))
      }
    }
    insert(account)
  }
}

/// An `admin:` step named an email no account has.
struct AdminError: Error, Equatable {
  var email: String
}
