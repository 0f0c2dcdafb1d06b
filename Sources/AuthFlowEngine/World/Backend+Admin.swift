import AuthFlowLanguage

extension Backend {
  /// What the Admin SDK or the console does (`admin:` steps). Throws when no account has that name, or when the
  /// service refuses the change.
  func perform(_ action: AdminAction) throws(AdminError) {
    guard let account = account(named: action.account) else { throw .noAccount(action.account) }
    let name = action.account.description
    switch action {
    case .disable:
      update(uid: account.uid) { $0.disabled = true }
      world.log("admin", "disabled \(name)")
    case .enable:
      update(uid: account.uid) { $0.disabled = false }
      world.log("admin", "enabled \(name)")
    case .delete:
      remove(uid: account.uid)
      recordDeletion(of: account, byClient: false)
      world.log("admin", "deleted \(name)")
    case .revokeSessions:
      world.log("admin", "revoke sessions of \(name)")
      revokeSessions(uid: account.uid, reason: "revokeRefreshTokens")
    case .verifyEmail:
      update(uid: account.uid) { $0.emailVerified = true }
      world.log("admin", "marked \(name) verified")
    case .setClaims(_, let claims):
      update(uid: account.uid) { $0.customClaims = claims }
      world.log("admin", "set the custom claims of \(name) to \(ClaimValue.describe(claims))")
    case .setPassword(_, let password):
      update(uid: account.uid) { $0.password = password }
      world.log("admin", "set the password of \(name) to \(world.hide(password: password))")
      revokeSessions(uid: account.uid, reason: "password changed")
    case .setPhone(_, let number):
      if let number, !PhoneNumber.isValid(number) {
        world.log("admin", "set the phone number of \(name) to \(number) → invalid-phone-number")
        throw .refused(.invalidPhoneNumber)
      }
      if let number, let owner = self.account(phoneNumber: number), owner.uid != account.uid {
        world.log("admin", "set the phone number of \(name) to \(number) → phone-number-already-exists")
        throw .refused(.phoneNumberAlreadyExists)
      }
      update(uid: account.uid) { $0.phoneNumber = number }
      world.log(
        "admin",
        number.map { "set the phone number of \(name) to \($0)" } ?? "removed the phone number of \(name)")
    case .unenrollMFA(_, let kind):
      // `updateUser(uid, {multiFactor: {enrolledFactors: …}})` without the factor: no session is revoked.
      do throws(AuthErrorCode) {
        try removeFactor(uid: account.uid, kind: kind)
      } catch {
        world.log("admin", "unenroll the \(kind) factor of \(name) → \(error)")
        throw .refused(error)
      }
    case .updateEmail(_, let newEmail):
      do throws(AuthErrorCode) {
        try updateEmailByAdmin(account, to: newEmail)
      } catch {
        world.log("admin", "update the email of \(name) to \(newEmail) → \(error)")
        throw .refused(error)
      }
    }
  }

  /// **An administrator changes an email.** `updateUser(uid, {email})` (`accounts:update` with `localId`): a
  /// well-formed address no other account has (`invalid-email`, `email-already-in-use`) replaces the old one at
  /// once, **unverified** (the service clears `emailVerified` when the address changes unless the call sets it;
  /// the emulator's `setAccountInfo` does the same), nothing is emailed (the Admin SDK sends no notification),
  /// and every session is revoked, as any email change does ("Manage user sessions": "a major account change").
  func updateEmailByAdmin(_ account: Account, to newEmail: String) throws(AuthErrorCode) {
    guard Backend.isValidEmail(newEmail) else { throw .invalidEmail }
    let newEmail = newEmail.lowercased()
    guard newEmail != account.email else { return }
    if emailIsTaken(newEmail, byOtherThan: account.uid) { throw .emailAlreadyInUse }
    replaceEmailByAdmin(account, with: newEmail)
  }

  /// The change of ``updateEmailByAdmin(_:to:)`` once the address is checked (`newEmail` well-formed, lower
  /// case, not the account's): the address replaces the old one unverified, and every session is revoked.
  /// `authflow serve`'s `updateUser` comes here too, after its own checks.
  func replaceEmailByAdmin(_ account: Account, with newEmail: String) {
    update(uid: account.uid) {
      $0.email = newEmail
      $0.emailVerified = false
    }
    world.log("admin", "changed the email of \(account.email ?? "the account") to \(newEmail)")
    revokeSessions(uid: account.uid, reason: "email changed")
  }

  /// The account a scenario names: by email (the password account if several share it), or by the `id` its
  /// `given.accounts` entry gave it.
  package func account(named name: AccountName) -> Account? {
    switch name {
    case .email(let email): account(email: email)
    case .id(let id): namedAccounts[id].flatMap { account(uid: $0) }
    }
  }

  /// Creates the accounts of `given.accounts` and links their providers' IdP accounts.
  func seed(_ seed: AccountSeed, identityProviders: IdentityProviders) {
    var account = newAccount(email: seed.email)
    account.anonymous = seed.anonymous
    account.password = seed.password
    account.emailVerified = seed.emailVerified
    account.displayName = seed.displayName
    account.disabled = seed.disabled
    account.photoURL = seed.photoURL
    account.customClaims = seed.claims
    account.phoneNumber = seed.phoneNumber
    for provider in seed.providers {
      if let email = seed.email, let idp = identityProviders.account(provider, email: email) {
        account.links.append(LinkedAccount(idp))
      }
    }
    insert(account)
    for factor in seed.mfa {
      switch factor.kind {
      case .phone: addFactor(uid: account.uid, .phone(factor.number ?? ""))
      case .totp: addFactor(uid: account.uid, .totp(newTOTPSecret()))
      }
    }
    if let id = seed.id { namedAccounts[id] = account.uid }
  }
}

/// Why an `admin:` step did nothing.
enum AdminError: Error, Equatable {
  /// No account has that email or id.
  case noAccount(AccountName)
  /// The service refused the change (`update_email` to a taken or malformed address).
  case refused(AuthErrorCode)
}
