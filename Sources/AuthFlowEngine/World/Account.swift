import AuthFlowLanguage

/// One account as the backend stores it.
package struct Account {
  var uid: String
  /// Stored lowercased (production compares emails case-insensitively).
  package var email: String?
  /// Setting it, whatever the way (a reset, a change, an admin, a link), forgets the failed attempts.
  package var password: String? { didSet { failedPasswordSignIns = [] } }
  /// When each wrong password was tried since the last success or password change, for
  /// `password_attempt_limit`: kept only while the limit is set.
  var failedPasswordSignIns: [VirtualTime] = []
  var emailVerified: Bool
  var displayName: String?
  /// Linked identity-provider accounts, in the order they were linked.
  var links: [LinkedAccount]
  var disabled: Bool
  /// Sessions issued before this generation are revoked (Firebase's `validSince`).
  var validSinceGeneration: Int
  /// When the sessions were last revoked (`validSince`, what `verifyIdToken(checkRevoked:)` compares with);
  /// nil when they never were.
  var revokedAt: VirtualTime? = nil
  var createdAt: VirtualTime
  /// The profile photo's URL (`photoUrl`), set only through a profile update.
  var photoURL: String? = nil
  /// The user name an identity provider gave (`screenName`, as Twitter's), if any.
  var screenName: String? = nil
  /// The account's first email, once it has changed (`initialEmail`).
  var initialEmail: String? = nil
  /// When a session was last started by a sign-in (`lastLoginAt`); nil until the first one.
  var lastSignInAt: VirtualTime? = nil
  /// When an ID token was last minted for the account, by a sign-in or a refresh (`lastRefreshAt`); nil until
  /// the first one.
  var lastRefreshAt: VirtualTime? = nil
  /// Made by an anonymous sign-in and not yet upgraded by linking a credential.
  var anonymous = false
  /// Signed in with an email link at least once: the account has the `password` provider (Firebase's
  /// `emailLink` sign-in method) even without a password.
  var emailLinkSignIn = false
  /// Custom claims the Admin SDK set (`setCustomUserClaims`); every ID token minted from now on carries them.
  var customClaims: [String: ClaimValue] = [:]
  /// The verified phone number (E.164) the account signs in with (the `phone` provider), if any.
  var phoneNumber: String? = nil
  /// Enrolled second factors, oldest first.
  var mfa: [MFAEnrollment] = []
  /// The shared secret of each TOTP factor, by enrolment id: what the user's authenticator app holds.
  var totpSecrets: [String: [UInt8]] = [:]

  /// Sign-in methods as `createAuthUri` and the client's `providerData` report them.
  var providers: [ProviderID] {
    var list: [ProviderID] = password == nil && !emailLinkSignIn ? [] : [.password]
    list += links.map(\.provider)
    if phoneNumber != nil { list.append(.phone) }
    return list.sorted()
  }

  /// Sign-in methods as `fetchSignInMethods` names them: `password` for a password, `emailLink` once an email
  /// link signed in, then the linked identity providers.
  var signInMethods: [ProviderID] {
    (password == nil ? [] : [.password]) + (emailLinkSignIn ? [.emailLink] : [])
      + links.map(\.provider).sorted()
  }

  func link(for provider: ProviderID) -> LinkedAccount? { links.first { $0.provider == provider } }

  var info: AccountInfo {
    AccountInfo(
      uid: uid, email: email, emailVerified: emailVerified, displayName: displayName, providers: providers,
      disabled: disabled, photoURL: photoURL, createdAt: createdAt, lastSignInAt: lastSignInAt,
      linkedAccounts: links,
      isAnonymous: anonymous, phoneNumber: phoneNumber, mfa: mfa
    )
  }
}
