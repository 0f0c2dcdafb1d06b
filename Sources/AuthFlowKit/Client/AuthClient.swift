/// One device's auth client, modelled on FirebaseAuth's: a cached user, ID and refresh tokens persisted on the
/// device, `reload()`, the sign-in methods, and a state listener.
///
/// The machine talks to the world only through its client. Every backend call passes the device's network
/// state and any `fail_next` first, and is written to the transcript with its result.
public final class AuthClient {
  public let device: String
  unowned let world: World
  public private(set) var currentUser: CachedUser?
  private(set) var tokens: SessionTokens?
  public private(set) var pendingCredential: PendingCredential?
  /// `network: {online: false}` makes every call fail with `network-request-failed`.
  public internal(set) var isOnline = true
  /// The app's auth state listener; a built-in machine sets it when it starts.
  public var onAuthStateChange: ((AuthStateChange) -> Void)?

  /// Calls allowed in one step before the step errors: a machine that loops on the client stops here.
  static let callBudget = 1000
  var callsThisStep = 0
  private(set) var budgetExceeded = false

  /// The client refreshes the ID token when this much or less of its life remains.
  static let refreshMargin = VirtualDuration.minutes(5)

  init(device: String, world: World) {
    self.device = device
    self.world = world
  }

  var backend: Backend { world.backend }

  // MARK: - Calls

  /// Runs one backend call: budget, network, injected failure, then the backend; logs the outcome.
  func call<T>(
    _ operation: BackendOperation, _ summary: String, _ body: () throws(AuthErrorCode) -> T
  ) throws(AuthErrorCode) -> T {
    callsThisStep += 1
    if callsThisStep > Self.callBudget {
      budgetExceeded = true
      throw AuthErrorCode(rawValue: "app/step-budget-exceeded")
    }
    guard isOnline else {
      world.log(device, "\(summary) → network-request-failed (offline)")
      throw .networkRequestFailed
    }
    if let injected = world.takeInjectedFailure(for: operation, device: device) {
      world.log(device, "\(summary) → \(injected) (fail_next)")
      throw injected
    }
    do {
      let result = try body()
      world.log(device, "\(summary) → ok")
      return result
    } catch {
      world.log(device, "\(summary) → \(error)")
      throw error
    }
  }

  /// Signs the client out by itself when the backend says the session is gone, and tells the listener.
  private func signOutIfSessionEnded(_ error: AuthErrorCode) {
    guard currentUser != nil, error == .userTokenExpired || error == .userDisabled || error == .userNotFound
    else { return }
    world.log(device, "session ended (\(error)): signed out")
    currentUser = nil
    tokens = nil
    onAuthStateChange?(AuthStateChange(user: nil, error: error))
  }

  /// A call that needs the user's ID token: refreshes it first when due, and signs out if the session ended.
  private func authorized<T>(
    _ operation: BackendOperation, _ summary: String,
    _ body: (IDToken) throws(AuthErrorCode) -> T
  ) throws(AuthErrorCode) -> T {
    let token = try freshIDToken()
    do {
      return try call(operation, summary) { () throws(AuthErrorCode) -> T in try body(token) }
    } catch {
      signOutIfSessionEnded(error)
      throw error
    }
  }

  /// The current ID token, refreshed first when 5 minutes or less remain.
  func freshIDToken() throws(AuthErrorCode) -> IDToken {
    guard let tokens else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    if tokens.idToken.expiresAt - world.now > Self.refreshMargin { return tokens.idToken }
    try refreshIDToken()
    guard let refreshed = self.tokens else { throw .userTokenExpired }
    return refreshed.idToken
  }

  private func refreshIDToken() throws(AuthErrorCode) {
    guard let refreshToken = tokens?.refreshToken else { return }
    do {
      let idToken = try call(.refreshToken, "refreshToken") { () throws(AuthErrorCode) in
        try backend.refreshToken(refreshToken)
      }
      tokens?.idToken = idToken
    } catch {
      signOutIfSessionEnded(error)
      throw error
    }
  }

  private func signedIn(_ info: AccountInfo, _ tokens: SessionTokens) -> CachedUser {
    let user = CachedUser(info)
    currentUser = user
    self.tokens = tokens
    onAuthStateChange?(AuthStateChange(user: user, error: nil))
    return user
  }

  private func updateCache(_ info: AccountInfo) -> CachedUser {
    let user = CachedUser(info)
    if user != currentUser {
      currentUser = user
      onAuthStateChange?(AuthStateChange(user: user, error: nil))
    }
    return user
  }

  private func hide(_ password: String) -> String { world.hide(password: password) }

  // MARK: - Scheduled work

  /// When the client will refresh its ID token on its own, if signed in.
  var scheduledRefresh: VirtualTime? {
    tokens.map { $0.idToken.expiresAt - Self.refreshMargin }
  }

  /// Runs the token refresh scheduled at or before now. Returns false when it failed without ending the
  /// session (offline, say): the app is told the error and the scheduler retries it only when the device is
  /// back online or the app comes to the foreground again.
  @discardableResult
  func runScheduledRefresh() -> Bool {
    guard let due = scheduledRefresh, due <= world.now else { return true }
    world.log(device, "scheduled token refresh")
    do {
      try refreshIDToken()
      return true
    } catch {
      guard tokens != nil else { return true }
      // Still signed in: the app hears of the failure (a self sign-out already told it).
      onAuthStateChange?(AuthStateChange(user: currentUser, error: error))
      return false
    }
  }

  // MARK: - Sign-in methods

  public func signUp(email: String, password: String) throws(AuthErrorCode) -> CachedUser {
    let (info, tokens) = try call(.signUp, "signUp(\(email), \(hide(password)))") {
      () throws(AuthErrorCode) in try backend.signUp(email: email, password: password)
    }
    return signedIn(info, tokens)
  }

  public func signIn(email: String, password: String) throws(AuthErrorCode) -> CachedUser {
    let (info, tokens) = try call(.signInWithPassword, "signInWithPassword(\(email), \(hide(password)))") {
      () throws(AuthErrorCode) in try backend.signInWithPassword(email: email, password: password)
    }
    return signedIn(info, tokens)
  }

  /// Shows the provider's sign-in sheet, then signs in with the credential it returns. A collision keeps the
  /// credential as ``pendingCredential``.
  public func signIn(with sheet: ProviderSheet) throws(AuthErrorCode) -> CachedUser {
    let idp = try present(sheet)
    do {
      let (info, tokens) = try call(.signInWithIdp, "signInWithIdp(\(idp.provider), \(idp.email))") {
        () throws(AuthErrorCode) in try backend.signInWithIdp(idp)
      }
      pendingCredential = nil
      return signedIn(info, tokens)
    } catch {
      if error == .accountExistsWithDifferentCredential {
        pendingCredential = PendingCredential(provider: idp.provider, email: idp.email, account: idp)
        world.log(device, "keeps the pending \(idp.provider) credential for \(idp.email)")
      }
      throw error
    }
  }

  /// The IdP's sheet: returns the chosen account, or throws when the user cancels or the IdP fails.
  func present(_ sheet: ProviderSheet) throws(AuthErrorCode) -> IdentityProviders.Account {
    let chosen = world.identityProviders.account(sheet.provider, email: sheet.account)
    let who = chosen?.email ?? sheet.account ?? "no account"
    switch sheet.outcome {
    case .cancel:
      world.log(sheet.provider.rawValue, "sheet on \(device): \(who) → cancelled")
      throw .webContextCancelled
    case .error(let code):
      world.log(sheet.provider.rawValue, "sheet on \(device): \(who) → failed (\(code))")
      throw code
    case .success:
      guard let chosen else {
        world.log(sheet.provider.rawValue, "sheet on \(device): no account to choose → failed")
        throw .invalidCredential
      }
      world.log(sheet.provider.rawValue, "sheet on \(device): \(chosen.email) → success")
      return chosen
    }
  }

  /// Re-authenticates the current user with a password: same checks as a sign-in; another user → `user-mismatch`.
  public func reauthenticate(password: String) throws(AuthErrorCode) {
    guard let user = currentUser else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    let email = user.email ?? ""
    do throws(AuthErrorCode) {
      let (info, tokens) = try call(.signInWithPassword, "reauthenticate(\(email), \(hide(password)))") {
        () throws(AuthErrorCode) in try backend.signInWithPassword(email: email, password: password)
      }
      guard info.uid == user.uid else { throw AuthErrorCode.userMismatch }
      _ = signedIn(info, tokens)
    } catch {
      // A disabled (or, without enumeration protection, deleted) account ends the session here too.
      if error == .userDisabled || error == .userNotFound { signOutIfSessionEnded(error) }
      throw error
    }
  }

  /// Re-authenticates the current user through an IdP sheet.
  public func reauthenticate(with sheet: ProviderSheet) throws(AuthErrorCode) {
    guard let user = currentUser else { throw AuthErrorCode(rawValue: "app/not-signed-in") }
    let idp = try present(sheet)
    do throws(AuthErrorCode) {
      let (info, tokens) = try call(.signInWithIdp, "reauthenticate(\(idp.provider), \(idp.email))") {
        () throws(AuthErrorCode) in try backend.reauthenticate(idp, uid: user.uid)
      }
      _ = signedIn(info, tokens)
    } catch {
      if error == .userDisabled { signOutIfSessionEnded(error) }
      throw error
    }
  }

  /// Links an IdP account to the signed-in user through the provider's sheet.
  public func link(with sheet: ProviderSheet) throws(AuthErrorCode) -> CachedUser {
    let idp = try present(sheet)
    return try link(idp)
  }

  /// Links the credential kept from a collision, and forgets it.
  public func linkPendingCredential() throws(AuthErrorCode) -> CachedUser? {
    guard let pending = pendingCredential else { return nil }
    pendingCredential = nil
    return try link(pending.account)
  }

  private func link(_ idp: IdentityProviders.Account) throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(.signInWithIdp, "link(\(idp.provider), \(idp.email))") {
      (token: IDToken) throws(AuthErrorCode) in try backend.link(token, idp)
    }
    return updateCache(info)
  }

  // MARK: - Account

  public func reload() throws(AuthErrorCode) -> CachedUser {
    let info = try authorized(.lookup, "reload") { (token: IDToken) throws(AuthErrorCode) in
      try backend.lookup(token)
    }
    return updateCache(info)
  }

  public func sendEmailVerification() throws(AuthErrorCode) {
    try authorized(.sendOobCode, "sendEmailVerification") { (token: IDToken) throws(AuthErrorCode) in
      try backend.sendVerification(token)
    }
  }

  public func sendPasswordReset(email: String) throws(AuthErrorCode) {
    try call(.sendOobCode, "sendPasswordResetEmail(\(email))") { () throws(AuthErrorCode) in
      try backend.sendPasswordReset(email: email)
    }
  }

  public func fetchSignInMethods(email: String) throws(AuthErrorCode) -> [ProviderID] {
    let methods = try call(.createAuthUri, "fetchSignInMethods(\(email))") { () throws(AuthErrorCode) in
      try backend.createAuthUri(email: email)
    }
    world.log(device, "sign-in methods for \(email): [\(methods.map(\.rawValue).joined(separator: ", "))]")
    return methods
  }

  public func updatePassword(_ password: String) throws(AuthErrorCode) {
    let newTokens = try authorized(.update, "updatePassword(\(hide(password)))") {
      (token: IDToken) throws(AuthErrorCode) in try backend.changePassword(token, to: password)
    }
    tokens = newTokens
    if let user = currentUser, !user.providers.contains(.password) {
      var updated = user
      updated.providers = (user.providers + [.password]).sorted()
      currentUser = updated
    }
  }

  public func updateDisplayName(_ name: String?) throws(AuthErrorCode) {
    let info = try authorized(.update, "updateProfile(displayName: \(name ?? "nil"))") {
      (token: IDToken) throws(AuthErrorCode) in try backend.setDisplayName(token, to: name)
    }
    _ = updateCache(info)
  }

  public func delete() throws(AuthErrorCode) {
    try authorized(.delete, "delete") { (token: IDToken) throws(AuthErrorCode) in try backend.delete(token) }
    currentUser = nil
    tokens = nil
    onAuthStateChange?(AuthStateChange(user: nil, error: nil))
  }

  /// Signs out locally (no backend call, as in Firebase).
  public func signOut() {
    guard currentUser != nil else { return }
    world.log(device, "signOut")
    currentUser = nil
    tokens = nil
    pendingCredential = nil
    onAuthStateChange?(AuthStateChange(user: nil, error: nil))
  }

  /// Starts a session directly (`given.signed_in`).
  func restore(_ info: AccountInfo, _ tokens: SessionTokens) {
    currentUser = CachedUser(info)
    self.tokens = tokens
  }

  /// The app process ends: in-memory state such as a pending credential is lost; the session stays persisted.
  func appDidTerminate() {
    pendingCredential = nil
    onAuthStateChange = nil
  }
}
