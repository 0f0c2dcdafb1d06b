import AuthFlowLanguage

extension Backend {
  /// **User import.** `importUsers` (`accounts:batchCreate`) writes an account as described, without the
  /// checks a sign-up makes: "Importing a user that collides with an existing uid will replace the existing
  /// user. Importing a user with any other field duplicated (e.g. email) will result in an additional user with
  /// the same value" (Firebase, "Import users"). A replaced account is gone entirely (its password, factors and
  /// links with it) and its sessions are revoked. Only a malformed email or phone number is refused, and with
  /// `sanityCheck` (and one account per email) an email or an identity-provider account that another account
  /// has. The emulator refuses an existing uid unless the request says `allowOverwrite`, and an email another
  /// account has even without `sanityCheck`. Second factors are checked by
  /// ``checkImportedSecondFactors(_:)``.
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
    try checkImportedSecondFactors(imported)
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
    account.links = imported.links
    account.mfa = importedSecondFactors(imported.secondFactors)
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

  /// **Imported second factors.** Phone factors (`mfaInfo` entries with `phoneInfo`) come in as described,
  /// without the checks of an enrolment (recent login, the `mfa` knob, at most five), as the Admin SDK is
  /// trusted; but an account with factors must have an email, verified, each number must be E.164, and no two
  /// factors may share an enrolment id. Those are the emulator's checks (`batchCreate`: "Second factor account
  /// requires email to be presented.", "… to be verified.", "Enrollment id already exists.", "Phone number
  /// format is invalid"); Firebase documents none for an import.
  func checkImportedSecondFactors(_ imported: ImportedAccount) throws(ImportedAccount.Problem) {
    guard !imported.secondFactors.isEmpty else { return }
    guard imported.email != nil else { throw .secondFactorWithoutEmail }
    guard imported.emailVerified else { throw .secondFactorWithUnverifiedEmail }
    var ids: Set<String> = []
    for id in imported.secondFactors.compactMap(\.enrollmentID) where !ids.insert(id).inserted {
      throw .duplicateEnrollmentID
    }
    guard imported.secondFactors.allSatisfy({ PhoneNumber.isValid($0.phoneNumber) }) else {
      throw .invalidSecondFactorPhoneNumber
    }
  }

  /// The enrolments of checked imported factors: a missing id is drawn from the seeded generator (never one
  /// the list already has), a missing `enrolledAt` is now.
  private func importedSecondFactors(_ factors: [AdminSecondFactor]) -> [MFAEnrollment] {
    var taken = Set(factors.compactMap(\.enrollmentID))
    return factors.map { factor in
      var id = factor.enrollmentID ?? world.identifier(length: 28)
      while factor.enrollmentID == nil, !taken.insert(id).inserted { id = world.identifier(length: 28) }
      return MFAEnrollment(
        id: id, kind: .phone, phoneNumber: factor.phoneNumber, displayName: factor.displayName,
        enrolledAt: factor.enrolledAt ?? world.now)
    }
  }
}
