import AuthFlowLanguage

/// One device's auth client, modelled on FirebaseAuth's: a cached user, ID and refresh tokens persisted on the
/// device, `reload()`, the sign-in methods, and a state listener.
///
/// The machine talks to the world only through its client. Every backend call passes the device's network
/// state and any `fail_next` first, and is written to the transcript with its result.
public final class AuthClient {
  /// The name of the device this client runs on.
  public let device: String
  unowned let world: World
  /// The signed-in user as last fetched, persisted across app restarts; nil when signed out. It may be stale.
  public internal(set) var currentUser: CachedUser? {
    didSet {
      currentUID = currentUser?.uid
      currentUserIsUnverifiedPasswordUser = currentUser?.isUnverifiedPasswordUser
    }
  }
  /// The signed-in user's uid, kept beside ``currentUser``: the invariants ask after every step, and reading it
  /// through the cached user copies the whole user.
  @exclusivity(unchecked) private(set) var currentUID: String?
  /// Whether the signed-in user (nil: none) is a password user whose email is unverified, kept like
  /// ``currentUID``: a machine's `state` asks for it after every step.
  @exclusivity(unchecked) private(set) var currentUserIsUnverifiedPasswordUser: Bool?
  @exclusivity(unchecked) var tokens: SessionTokens?
  /// The credential an IdP sign-in was refused for, kept for linking after the user signs in another way.
  @exclusivity(unchecked) public internal(set) var pendingCredential: PendingCredential?
  /// The second-factor challenge the last sign-in stopped at (`multi-factor-auth-required`'s resolver); it lives
  /// in memory only, like the SDK's resolver.
  @exclusivity(unchecked) public internal(set) var pendingMultiFactor: MFAChallenge?
  /// The app's own small store on the device (what `UserDefaults` keeps): it survives `terminate`, and no other
  /// device sees it. Machines reach it through ``MachineContext/stored(_:)``.
  @exclusivity(unchecked) var deviceStore: [String: String] = [:]
  /// `network: {online: false}` makes every call fail with `network-request-failed`.
  @exclusivity(unchecked) public internal(set) var isOnline = true
  /// The app's auth state listener; a built-in machine sets it when it starts.
  @exclusivity(unchecked) public var onAuthStateChange: ((AuthStateChange) -> Void)?
  /// Told after every change of the signed-in user or its tokens (a sign-in, a reload that changed the user, a
  /// token refresh, a sign-out), once the client is consistent again: the FirebaseAuth façade's listeners.
  @exclusivity(unchecked) package var sessionObserver: (() -> Void)?
  /// Whether the app hears each new ID token (an ID-token listener of the FirebaseAuth façade): a `wait` then runs
  /// its scheduled refreshes one by one, up to `Run.heardRefreshesPerWait`, instead of counting them together.
  @exclusivity(unchecked) package var refreshesAreHeard = false
  /// The account as the last sign-in, reload or profile call returned it: what ``CachedUser`` leaves out
  /// (photo, dates, linked IdP accounts). Kept apart so the built-in machines see the cached user they always did.
  @exclusivity(unchecked) package internal(set) var currentAccount: AccountInfo?

  /// Calls allowed in one step before the step errors: a machine that loops on the client stops here. The
  /// runner gives every device a new budget at each step (a `wait`'s scheduled work counts in the wait's own).
  static let callBudget = 1000
  @exclusivity(unchecked) private(set) var callsThisStep = 0
  @exclusivity(unchecked) private(set) var budgetExceeded = false

  /// The client refreshes the ID token when this much or less of its life remains.
  static let refreshMargin = VirtualDuration.minutes(5)

  package init(device: String, world: World) {
    self.device = device
    self.world = world
  }

  var backend: Backend { world.backend }

  /// Starts a step: no call made yet, none over the budget.
  func resetCallBudget() {
    callsThisStep = 0
    budgetExceeded = false
  }

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
      if error == .multiFactorAuthRequired { pendingMultiFactor = world.backend.takeMFAChallenge() }
      throw error
    }
  }

  /// Signs the client out by itself when the backend says the session is gone, and tells the listener.
  func signOutIfSessionEnded(_ error: AuthErrorCode) {
    guard currentUser != nil, error == .userTokenExpired || error == .userDisabled || error == .userNotFound
    else { return }
    world.log(device, "session ended (\(error)): signed out")
    currentUser = nil
    tokens = nil
    onAuthStateChange?(AuthStateChange(user: nil, error: error))
    sessionObserver?()
  }

  /// A call that needs the user's ID token: refreshes it first when due (a refresh the backend refuses signs the
  /// client out), and signs out if the call's answer says the session ended, unless `signsOutWhenSessionEnded`
  /// is false: the SDK's `delete()`, `sendEmailVerification(beforeUpdatingEmail:)`, second-factor enrolment and
  /// removal, and `revokeToken(withAuthorizationCode:)` hand a revoked or deleted session's answer to the app and
  /// leave the user signed in, until a call that looks (a reload, a refresh) ends the session. A disabled
  /// account's answer signs out whatever the call (SPEC 5.3: every call of a disabled account fails and the
  /// client signs out), where the SDK would wait for such a call too.
  func authorized<T>(
    _ operation: BackendOperation, _ summary: String, signsOutWhenSessionEnded: Bool = true,
    _ body: (IDToken) throws(AuthErrorCode) -> T
  ) throws(AuthErrorCode) -> T {
    let token = try freshIDToken()
    do {
      return try call(operation, summary) { () throws(AuthErrorCode) -> T in try body(token) }
    } catch {
      if signsOutWhenSessionEnded || error == .userDisabled { signOutIfSessionEnded(error) }
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

  func refreshIDToken() throws(AuthErrorCode) {
    guard let refreshToken = tokens?.refreshToken else { return }
    do {
      let idToken = try call(.refreshToken, "refreshToken") { () throws(AuthErrorCode) in
        try backend.refreshToken(refreshToken)
      }
      tokens?.idToken = idToken
      sessionObserver?()
    } catch {
      signOutIfSessionEnded(error)
      throw error
    }
  }

  func signedIn(_ info: AccountInfo, _ tokens: SessionTokens) -> CachedUser {
    let user = CachedUser(info)
    currentUser = user
    currentAccount = info
    self.tokens = tokens
    onAuthStateChange?(AuthStateChange(user: user, error: nil))
    sessionObserver?()
    return user
  }

  func updateCache(_ info: AccountInfo) -> CachedUser {
    let user = CachedUser(info)
    currentAccount = info
    if user != currentUser {
      currentUser = user
      onAuthStateChange?(AuthStateChange(user: user, error: nil))
      sessionObserver?()
    }
    return user
  }

  /// What a link answers: the account with its new sign-in method, and a new ID token on the same session that
  /// names `provider` as its sign-in method, as the service answers a link (`signUp`, `signInWithIdp`,
  /// `signInWithEmailLink` or `verifyPhoneNumber` with the user's ID token; also a number's update) and the SDK
  /// keeps it; the app's ID-token listeners hear of it.
  func linked(_ info: AccountInfo, provider: ProviderID) -> CachedUser {
    if let refreshToken = tokens?.refreshToken,
      let idToken = try? backend.reissue(refreshToken, provider: provider)
    {
      tokens?.idToken = idToken
      sessionObserver?()
    }
    return updateCache(info)
  }

  func hide(_ password: String) -> String { world.hide(password: password) }

  // MARK: - Scheduled work

  /// Whether the client refreshes its ID token on its own, 5 minutes before it expires (SPEC 5.3): true unless the
  /// app's machine says it uses FirebaseAuth alone (``MachineDescriptor/refreshesTokensOnSchedule``), whose
  /// tokens are refreshed only when a call needs one.
  package var refreshesOnSchedule = true

  /// When the client will refresh its ID token on its own, if signed in and it refreshes on schedule.
  package var scheduledRefresh: VirtualTime? {
    guard refreshesOnSchedule else { return nil }
    return tokens.map { $0.idToken.expiresAt - Self.refreshMargin }
  }

  /// Runs the token refresh scheduled at or before now. Returns false when it failed without ending the
  /// session (offline, say): the app is told the error and the scheduler retries it only when the device is
  /// back online or the app comes to the foreground again.
  @discardableResult
  package func runScheduledRefresh() -> Bool {
    guard let due = scheduledRefresh, due <= world.now else { return true }
    world.log(device, Self.scheduledRefreshText)
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

  private static let scheduledRefreshText = "scheduled token refresh"

  /// Whether the scheduled refresh would go through with nothing for the app to hear but its new token: online,
  /// no `fail_next` waiting for it, a session the backend still honours. During a `wait` nothing else happens, so every later
  /// refresh of the same quiet stretch would go through too (see ``QuietRefreshes``).
  var scheduledRefreshIsQuiet: Bool {
    guard isOnline, let refreshToken = tokens?.refreshToken else { return false }
    return !world.hasInjectedFailure(for: .refreshToken, device: device) && backend.honours(refreshToken)
  }

  /// The last of `count` quiet scheduled refreshes, the first at `first` and one every `period` until now: the
  /// client takes the ID token the last one mints, and the transcript gets what one refresh writes, or one line
  /// for them all.
  func completeQuietRefreshes(_ count: Int, since first: VirtualTime, every period: VirtualDuration) {
    guard let idToken = tokens.flatMap({ try? backend.refreshToken($0.refreshToken) }) else { return }
    tokens?.idToken = idToken
    sessionObserver?()
    if count == 1 {
      world.log(device, Self.scheduledRefreshText)
      world.log(device, "refreshToken → ok")
    } else {
      world.log(
        device,
        "refreshed its ID token \(count) times, every \(period) since \(first) (refreshToken → ok each time)")
    }
  }

}
