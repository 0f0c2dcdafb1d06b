import AuthFlowLanguage

extension Backend {
  /// **User import.** `importUsers` (`accounts:batchCreate`) writes an account as described, without the
  /// checks a sign-up makes: "Importing a user that collides with an existing uid will replace the existing
  /// user. Importing a user with any other field duplicated (e.g. email) will result in an additional user with
  /// the same value" (Firebase, "Import users"). A replaced account is gone entirely (its password, factors and
  /// links with it) and its sessions are revoked. Only a malformed email or phone number is refused, and with
  /// `sanityCheck` (and one account per email) an email or an identity-provider account that another account
  /// has. The emulator refuses an existing uid unless the request says `allowOverwrite`, and an email another
  /// account has even without `sanityCheck`.
  func importAccount(_ imported: ImportedAccount, sanityCheck: Bool) throws(ImportedAccount.Problem) {
    if let email = imported.email {
      guard Backend.isValidEmail(email) else { throw .invalidEmail }
      if sanityCheck, settings.oneAccountPerEmail,
        accounts(withEmail: email).contains(where: { $0.uid != imported.uid })
      {
        throw .emailExists
      }
    }
    if let number = imported.phoneNumber, !PhoneNumber.isValid(number) { throw .invalidPhoneNumber }
    if sanityCheck {
      for link in imported.links {
        let owner = uids.compactMap { accounts[$0] }.first { account in
          account.uid != imported.uid
            && account.links.contains { $0.provider == link.provider && $0.subject == link.subject }
        }
        if owner != nil { throw .rawIDExists }
      }
    }
    let replaced = account(uid: imported.uid) != nil
    var account = newAccount(email: imported.email)
    account.uid = imported.uid
    account.emailVerified = imported.emailVerified
    account.displayName = imported.displayName
    account.photoURL = imported.photoURL
    account.phoneNumber = imported.phoneNumber
    account.disabled = imported.disabled
    account.customClaims = imported.claims
    account.password = imported.password
    account.links = imported.links.map {
      ProviderLink(provider: $0.provider, subject: $0.subject, email: $0.email)
    }
    account.createdAt = imported.createdAt ?? world.now
    account.lastSignInAt = imported.lastSignInAt
    insert(account)
    let name = imported.email ?? imported.uid
    if replaced {
      world.log("admin", "imported \(name), replacing the account with uid \(Redactor.shorten(imported.uid))")
      revokeSessions(uid: imported.uid, reason: "replaced by an import")
    } else {
      record(.accountCreated(uid: account.uid, email: account.email))
      world.log("admin", "imported \(name) (uid \(Redactor.shorten(imported.uid)))")
    }
  }
}
