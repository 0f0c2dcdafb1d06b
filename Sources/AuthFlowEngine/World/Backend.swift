import AuthFlowLanguage

/// The fake auth server all devices share: Firebase Authentication as it behaves **in production**.
///
/// Each production rule lives in one named method with a doc comment; where the Firebase emulator behaves
/// differently, the comment says so. Clients reach it only through ``AuthClient``, which applies the
/// device's network state and `fail_next` first; the admin SDK (`admin:` steps) calls it directly.
package final class Backend {
  unowned let world: World
  @exclusivity(unchecked) private(set) var accounts: [String: Account] = [:]
  /// uids in creation order, so every scan is deterministic.
  @exclusivity(unchecked) package private(set) var uids: [String] = []
  /// uids by (lowercased) email, each list in creation order: every sign-up and sign-in looks an email up,
  /// and a scan of every account made `authflow serve` slow down as accounts accumulated.
  @exclusivity(unchecked) private var uidsByEmail: [String: [String]] = [:]
  /// Each uid's place in creation order, to keep `uidsByEmail` lists in that order.
  @exclusivity(unchecked) private var creationIndex: [String: Int] = [:]
  @exclusivity(unchecked) private var accountsCreated = 0
  @exclusivity(unchecked) private var sessions: [String: RefreshSession] = [:]
  /// The refresh tokens of deleted accounts, with the uid they were for: production answers them
  /// `USER_NOT_FOUND`, not "invalid token" (see ``owner(ofRefreshToken:)``).
  @exclusivity(unchecked) private var deletedSessions: [String: String] = [:]
  @exclusivity(unchecked) var actionCodes: [String: ActionCode] = [:]
  @exclusivity(unchecked) var sends: [SendRecord] = []
  @exclusivity(unchecked) private var generation = 0
  /// Every ID token minted so far, numbered in order (``IDToken/serial``).
  @exclusivity(unchecked) private(set) var tokenSerial = 0
  /// What the backend did, for invariants (``BackendFact``).
  @exclusivity(unchecked) var facts: [BackendFact] = []
  /// Phone verifications started by `sendVerificationCode`, by verification id (`sessionInfo`).
  @exclusivity(unchecked) var phoneVerifications: [String: PhoneVerification] = [:]
  /// Temporary proofs handed out for numbers another account has, with the number and when it was proven.
  @exclusivity(unchecked) var temporaryProofs: [String: (number: String, issuedAt: VirtualTime)] = [:]
  /// When each SMS code was sent, by number, for `sms_send_limit`.
  @exclusivity(unchecked) var smsSends: [String: [VirtualTime]] = [:]
  /// Second-factor enrolments started and not finished, by session id.
  @exclusivity(unchecked) var mfaEnrollments: [String: PendingMFAEnrollment] = [:]
  /// Sign-ins waiting for their second factor, by `mfaPendingCredential`.
  @exclusivity(unchecked) var mfaChallenges: [String: PendingMFASignIn] = [:]
  /// The challenge the last `multi-factor-auth-required` answered with, for the client that asked.
  @exclusivity(unchecked) var lastMFAChallenge: MFAChallenge?
  /// Where the request being served asked its emails' links to lead (`ActionCodeSettings.url`, REST
  /// `continueUrl`), set around a send by its caller; nil otherwise.
  @exclusivity(unchecked) package var continueURL: String?
  /// The uids of the accounts `given.accounts` named with `id:`, by id.
  @exclusivity(unchecked) var namedAccounts: [String: String] = [:]
  /// Accounts removed so far, by uid.
  @exclusivity(unchecked) var deletedAccounts: [String: DeletedAccount] = [:]

  var settings: BackendSettings { world.settings }

  init(world: World) { self.world = world }

  /// A refresh token's session.
  struct RefreshSession {
    var uid: String
    var authTime: VirtualTime
    var generation: Int
    var signInProvider: ProviderID?
    /// A custom token's developer claims, carried into every ID token of the session.
    var developerClaims: [String: ClaimValue] = [:]
    /// The second factor the session proved, carried into every ID token of the session.
    var secondFactor: ProvedFactor?
  }

  // MARK: - Accounts

  package func account(uid: String) -> Account? { accounts[uid] }

  /// Accounts whose email is `email` (case-insensitively), oldest first.
  func accounts(withEmail email: String) -> [Account] {
    (uidsByEmail[email.lowercased()] ?? []).compactMap { accounts[$0] }
  }

  /// The account a password sign-in or an admin call addresses: the password account if several share the email.
  package func account(email: String) -> Account? {
    let matches = accounts(withEmail: email)
    return matches.first { $0.password != nil } ?? matches.first
  }

  func insert(_ account: Account) {
    let previous = accounts[account.uid]
    if previous == nil {
      creationIndex[account.uid] = accountsCreated
      accountsCreated += 1
      uids.append(account.uid)
    }
    accounts[account.uid] = account
    reindex(account.uid, from: previous?.email, to: account.email)
  }

  func remove(uid: String) {
    reindex(uid, from: accounts[uid]?.email, to: nil)
    accounts[uid] = nil
    uids.removeAll { $0 == uid }
    for (token, session) in sessions where session.uid == uid {
      sessions[token] = nil
      deletedSessions[token] = uid
    }
  }

  func update(uid: String, _ change: (inout Account) -> Void) {
    guard var account = accounts[uid] else { return }
    let email = account.email
    change(&account)
    // The first address an account had stays on record (`initialEmail`) once it changes, as the service keeps it.
    if let email, account.email != email, account.initialEmail == nil { account.initialEmail = email }
    accounts[uid] = account
    reindex(uid, from: email, to: account.email)
  }

  /// Moves `uid` from one email's list to another's, keeping each list in creation order.
  private func reindex(_ uid: String, from old: String?, to new: String?) {
    guard old != new || (new != nil && uidsByEmail[new ?? ""]?.contains(uid) != true) else { return }
    if let old { uidsByEmail[old]?.removeAll { $0 == uid } }
    if let old, uidsByEmail[old]?.isEmpty == true { uidsByEmail[old] = nil }
    guard let new else { return }
    var list = uidsByEmail[new] ?? []
    list.removeAll { $0 == uid }
    let place = creationIndex[uid] ?? Int.max
    let position = list.firstIndex { (creationIndex[$0] ?? Int.max) > place } ?? list.endIndex
    list.insert(uid, at: position)
    uidsByEmail[new] = list
  }

  func newAccount(email: String?) -> Account {
    Account(
      uid: world.identifier(length: 28), email: email?.lowercased(), password: nil, emailVerified: false,
      displayName: nil, links: [], disabled: false, validSinceGeneration: 0, createdAt: world.now)
  }

  /// Adds `account`, made by a sign-up or a first sign-in, records its creation, writes `line` to the
  /// transcript and signs it in with `provider`: the one way every sign-in method makes an account.
  func createSignedIn(_ account: Account, line: String, provider: ProviderID) -> (AccountInfo, SessionTokens)
  {
    insert(account)
    record(.accountCreated(uid: account.uid, email: account.email))
    world.log("backend", line)
    let tokens = issueSession(uid: account.uid, provider: provider)
    return (accounts[account.uid]?.info ?? account.info, tokens)
  }

  // MARK: - Sessions

  /// Starts a session: a refresh token and an ID token whose `auth_time` is `authTime` (now, for a sign-in,
  /// which also becomes the account's last sign-in time). `provider` is how the user signed in.
  func issueSession(
    uid: String, authTime: VirtualTime? = nil, provider: ProviderID? = nil,
    developerClaims: [String: ClaimValue] = [:], secondFactor: ProvedFactor? = nil
  ) -> SessionTokens {
    generation += 1
    if authTime == nil { accounts[uid]?.lastSignInAt = world.now }
    accounts[uid]?.lastRefreshAt = world.now
    let refreshToken = world.identifier(length: 32)
    let session = RefreshSession(
      uid: uid, authTime: authTime ?? world.now, generation: generation, signInProvider: provider,
      developerClaims: developerClaims, secondFactor: secondFactor)
    sessions[refreshToken] = session
    return SessionTokens(idToken: idToken(for: session), refreshToken: refreshToken)
  }

  /// How long an ID token's value is.
  private static let idTokenLength = 24

  private func idToken(for session: RefreshSession) -> IDToken {
    tokenSerial += 1
    return IDToken(
      value: world.identifier(length: Self.idTokenLength), uid: session.uid, authTime: session.authTime,
      issuedAt: world.now, expiresAt: world.now + settings.idTokenTTL, signInProvider: session.signInProvider,
      claims: session.developerClaims.merging(accounts[session.uid]?.customClaims ?? [:]) { _, custom in
        custom
      }, profile: TokenProfile(account: accounts[session.uid]),
      secondFactor: session.secondFactor,
      generation: session.generation, serial: tokenSerial)
  }

  /// **Session revocation.** Production stores a `validSince` per account; refresh tokens and ID tokens issued
  /// before it stop working, so every other device's next token refresh or reload fails with
  /// `user-token-expired` and its client signs out. Password change or reset, `revokeRefreshTokens` and a
  /// trusted-provider takeover do this.
  func revokeSessions(uid: String, reason: String) {
    update(uid: uid) {
      $0.validSinceGeneration = generation + 1
      $0.revokedAt = world.now
    }
    world.log("backend", "sessions of \(accounts[uid]?.email ?? uid) revoked (\(reason))")
  }

  /// Checks the ID token a client sends with `lookup`, `update`, `delete`, `sendOobCode` (verify) and linking.
  ///
  /// A deleted account fails with `user-not-found` (production's `USER_NOT_FOUND`, whatever the token's age), a
  /// disabled one with `user-disabled`, a revoked session or an expired token with `user-token-expired`.
  func authorize(_ token: IDToken) throws(AuthErrorCode) -> Account {
    // A deleted user's token: production answers `USER_NOT_FOUND`, which the SDKs report as `user-not-found`.
    guard let account = accounts[token.uid] else { throw .userNotFound }
    if account.disabled { throw .userDisabled }
    if token.generation < account.validSinceGeneration || world.now >= token.expiresAt {
      throw .userTokenExpired
    }
    return account
  }

  /// **Recent login.** Deleting an account and changing its password need an ID token whose `auth_time` is at
  /// most `recent_login` (5 minutes) old, else `requires-recent-login`; re-authenticating restarts the window.
  /// The Firebase emulator does not enforce this; production does.
  func requireRecentLogin(_ token: IDToken) throws(AuthErrorCode) {
    if world.now - token.authTime > settings.recentLogin { throw .requiresRecentLogin }
  }

  /// `refreshToken`: a new ID token for a live session. Revoked sessions and deleted accounts fail with
  /// `user-token-expired`, disabled accounts with `user-disabled`.
  func refreshToken(_ refreshToken: String) throws(AuthErrorCode) -> IDToken {
    let session = try liveSession(refreshToken)
    accounts[session.uid]?.lastRefreshAt = world.now
    return idToken(for: session)
  }

  /// A new ID token for the session of `refreshToken`, which from now on names `provider` as its sign-in method:
  /// what a link answers (the service's new tokens name the method just linked).
  func reissue(_ refreshToken: String, provider: ProviderID) throws(AuthErrorCode) -> IDToken {
    var session = try liveSession(refreshToken)
    session.signInProvider = provider
    sessions[refreshToken] = session
    return idToken(for: session)
  }

  /// A new ID token for the session of `refreshToken`, with the account as it is now: what production's
  /// `accounts:update` answers a profile change with (`returnSecureToken`), which the SDK keeps.
  func renewedIDToken(_ refreshToken: String) throws(AuthErrorCode) -> IDToken {
    idToken(for: try liveSession(refreshToken))
  }

  /// The uid a refresh token was issued for, whether or not its session still lives; nil for a token the
  /// backend never issued.
  func owner(ofRefreshToken refreshToken: String) -> String? {
    sessions[refreshToken]?.uid ?? deletedSessions[refreshToken]
  }

  /// Whether `refreshToken` would get a new ID token now.
  func honours(_ refreshToken: String) -> Bool { (try? liveSession(refreshToken)) != nil }

  private func liveSession(_ refreshToken: String) throws(AuthErrorCode) -> RefreshSession {
    guard let session = sessions[refreshToken], let account = accounts[session.uid] else {
      // securetoken answers a deleted user's refresh token with `USER_NOT_FOUND`.
      throw deletedSessions[refreshToken] != nil ? .userNotFound : .userTokenExpired
    }
    if account.disabled { throw .userDisabled }
    if session.generation < account.validSinceGeneration { throw .userTokenExpired }
    return session
  }

  /// Counts `count` ID tokens as minted, as a `wait` does for the refreshes it counts instead of running: the
  /// tokens minted later, and every id drawn after them, are the ones they would have been.
  func skipIDTokens(_ count: Int) {
    guard count > 0 else { return }
    tokenSerial += count
    world.skipIdentifiers(count, length: Self.idTokenLength)
  }

  /// `lookup`: the account as it is now (what `reload()` fetches).
  func lookup(_ token: IDToken) throws(AuthErrorCode) -> AccountInfo {
    try authorize(token).info
  }

  /// `delete`: removes the account; needs a recent login.
  func delete(_ token: IDToken) throws(AuthErrorCode) {
    let account = try authorize(token)
    try requireRecentLogin(token)
    remove(uid: account.uid)
    record(.sensitiveOperation(.delete, uid: account.uid, authTime: token.authTime, at: world.now))
    recordDeletion(of: account, byClient: true)
    world.log("backend", "account \(account.email ?? account.uid) deleted")
  }

  /// `update` with a display name (no recent login needed).
  func setDisplayName(_ token: IDToken, to name: String?) throws(AuthErrorCode) -> AccountInfo {
    let account = try authorize(token)
    update(uid: account.uid) { $0.displayName = name }
    return accounts[account.uid]?.info ?? account.info
  }

  /// `update` with a profile: each field that is not nil is set (an inner nil deletes it). No recent login needed.
  func updateProfile(_ token: IDToken, displayName: String??, photoURL: String??) throws(AuthErrorCode)
    -> AccountInfo
  {
    let account = try authorize(token)
    update(uid: account.uid) {
      if let displayName { $0.displayName = displayName }
      if let photoURL { $0.photoURL = photoURL }
    }
    return accounts[account.uid]?.info ?? account.info
  }

  // MARK: - Emails

  /// Whether `email` is an address production accepts (``EmailAddress/isValid(_:)``, the rule the loader
  /// checks too).
  static func isValidEmail(_ email: String) -> Bool { EmailAddress.isValid(email) }
}
