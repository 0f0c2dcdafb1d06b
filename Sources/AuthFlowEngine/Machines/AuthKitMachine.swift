import AuthFlowLanguage

/// `authkit`: a SwiftUI app with separate sign-in, sign-up, verify-email, forgot-password and account-settings
/// screens, which gates on email verification (SPEC 6).
final class AuthKitMachine: Machine {
  /// The screens of the app.
  enum Screen: String, CaseIterable {
    case signIn, signUp, forgotPassword, verifyEmail, home, accountSettings, reauthenticate

    var isSignedOutScreen: Bool { [.signIn, .signUp, .forgotPassword].contains(self) }
  }

  /// A mutant's one bug.
  struct Flaw: OptionSet, Sendable {
    let rawValue: Int
    static let noForegroundRefresh = Flaw(rawValue: 1 << 0)
    static let unverifiedIsSignedIn = Flaw(rawValue: 1 << 1)
    static let deleteWithoutReauth = Flaw(rawValue: 1 << 2)
    static let resendWithoutCountdown = Flaw(rawValue: 1 << 3)
    static let dropsPendingCredential = Flaw(rawValue: 1 << 4)
    static let refreshReadsCache = Flaw(rawValue: 1 << 5)
    static let noAuthListener = Flaw(rawValue: 1 << 6)
  }

  /// The resend countdown's length.
  static let resendCooldown = VirtualDuration.seconds(60)

  private let context: MachineContext
  private let flaws: Flaw
  private var currentScreen: Screen
  private(set) var error: AuthErrorCode?
  private var resendStartedAt: VirtualTime?
  /// The user as the app last looked (only the `no-auth-listener` mutant reads it instead of the client's).
  private var shownUser: CachedUser?

  init(context: MachineContext, flaws: Flaw = []) {
    self.context = context
    self.flaws = flaws
    self.currentScreen = .signIn
    self.shownUser = context.client.currentUser
    context.client.onAuthStateChange = { [weak self] change in self?.authStateDidChange(change) }
    settle()
  }

  private var client: AuthClient { context.client }

  // MARK: - What the app shows

  private var user: CachedUser? { flaws.contains(.noAuthListener) ? shownUser : client.currentUser }

  var state: AuthState {
    // Read in place rather than through `user`, which copies the whole cached user: every invariant and every
    // transcript line after a step asks for the state.
    let unverified =
      flaws.contains(.noAuthListener)
      ? shownUser?.isUnverifiedPasswordUser : client.currentUserIsUnverifiedPasswordUser
    guard let unverified else { return .signedOut }
    if unverified, !flaws.contains(.unverifiedIsSignedIn) { return .signedInUnverified }
    return .signedIn
  }

  var screen: String { currentScreen.rawValue }

  var ui: [String: String] {
    // Sized for all three at once: read before every step the invariants watch, and growing a dictionary
    // twice cost more than filling it.
    var values = [String: String](minimumCapacity: 3)
    values["resend_seconds_left"] = String(resendSecondsLeft)
    if let user {
      values["email"] = user.email ?? ""
      values["display_name"] = user.displayName ?? ""
    }
    return values
  }

  /// Measured against the clock, so it keeps running while the app is in the background.
  private var resendSecondsLeft: Int64 {
    guard let start = resendStartedAt else { return 0 }
    return max(0, Self.resendCooldown.seconds - (context.now - start).seconds)
  }

  /// Puts the app on the screen its auth state calls for.
  private func settle() {
    switch state {
    case .signedOut:
      if !currentScreen.isSignedOutScreen { currentScreen = .signIn }
      resendStartedAt = nil
    case .signedInUnverified:
      currentScreen = .verifyEmail
    case .signedIn:
      if currentScreen.isSignedOutScreen || currentScreen == .verifyEmail { currentScreen = .home }
    }
  }

  /// The auth state listener: the client signed in, reloaded, or signed itself out.
  private func authStateDidChange(_ change: AuthStateChange) {
    if flaws.contains(.noAuthListener) { return }
    if let error = change.error { self.error = error }
    settle()
  }

  private func show(_ error: AuthErrorCode) { self.error = error }

  // MARK: - Actions

  func perform(_ action: Action) throws {
    error = nil
    defer {
      shownUser = client.currentUser
      settle()
    }
    switch action {
    case .launch, .terminate, .background: break
    case .foreground:
      if !flaws.contains(.noForegroundRefresh), client.currentUser != nil { reload() }
    case .signUp(let email, let password, let displayName):
      signUp(email: email, password: password, displayName: displayName)
    case .signIn(let email, let password): signIn(email: email, password: password)
    case .signInWith(let sheet): signIn(with: sheet)
    case .signOut:
      guard client.currentUser != nil else { return context.nothingHappens("already signed out") }
      client.signOut()
      currentScreen = .signIn
    case .forgotPassword(let email): forgotPassword(email: email)
    case .resendVerification: resendVerification()
    case .refresh:
      guard client.currentUser != nil else {
        return context.nothingHappens("no user to refresh on \(screen)")
      }
      if flaws.contains(.refreshReadsCache) { return context.log("re-reads the cached user") }
      reload()
    case .deleteAccount: deleteAccount()
    case .reauthenticate(let answer): reauthenticateAndDelete(answer)
    case .cancel: cancel()
    case .linkProvider(let sheet):
      guard state == .signedIn else { return context.nothingHappens("no link button on \(screen)") }
      do { _ = try client.link(with: sheet) } catch { show(error) }
    case .changePassword(let password):
      guard state == .signedIn else { return context.nothingHappens("no change-password form on \(screen)") }
      do { try client.updatePassword(password) } catch { show(error) }
    case .linkPassword:
      throw MachineError.unsupportedForm(.linkProvider, form: "a password (it links identity providers)")
    case .signInAnonymously, .unlinkProvider, .updateProfile, .changeEmail, .sendSignInLink,
      .signInWithCustomToken, .signInWithPhone, .linkPhone, .enterCode, .enrollMFA, .unenrollMFA, .tap,
      .type,
      .followLink, .wait,
      .admin, .network, .failNext:
      throw MachineError.unsupported(action.kind)
    }
  }

  private func reload() {
    do { _ = try client.reload() } catch { show(error) }
  }

  private func signUp(email: String, password: String, displayName: String?) {
    guard state == .signedOut else { return context.nothingHappens("no sign-up form on \(screen)") }
    currentScreen = .signUp
    do {
      _ = try client.signUp(email: email, password: password)
    } catch {
      return show(error)
    }
    do { try client.updateDisplayName(displayName ?? nickname()) } catch { show(error) }
    do { try client.sendEmailVerification() } catch { show(error) }
  }

  private func signIn(email: String, password: String) {
    guard state == .signedOut else { return context.nothingHappens("no sign-in form on \(screen)") }
    currentScreen = .signIn
    do {
      _ = try client.signIn(email: email, password: password)
    } catch {
      return show(error)
    }
    if !flaws.contains(.dropsPendingCredential), let pending = client.pendingCredential,
      pending.email == email.lowercased()
    {
      do { _ = try client.linkPendingCredential() } catch { show(error) }
    }
  }

  private func signIn(with sheet: ProviderSheet) {
    guard state == .signedOut else { return context.nothingHappens("no sign-in button on \(screen)") }
    currentScreen = .signIn
    do { _ = try client.signIn(with: sheet) } catch { show(error) }
  }

  private func forgotPassword(email: String?) {
    if currentScreen == .reauthenticate {
      guard let address = email ?? client.currentUser?.email else { return show(.invalidEmail) }
      do {
        try client.sendPasswordReset(email: address)
        currentScreen = .accountSettings
      } catch {
        show(error)
      }
      return
    }
    guard state == .signedOut else { return context.nothingHappens("no forgot-password link on \(screen)") }
    currentScreen = .forgotPassword
    guard let email, !email.isEmpty else { return show(AuthErrorCode(rawValue: "app/missing-email")) }
    do {
      try client.sendPasswordReset(email: email)
      currentScreen = .signIn
    } catch {
      show(error)
    }
  }

  private func resendVerification() {
    guard state == .signedInUnverified else { return context.nothingHappens("no resend button on \(screen)") }
    let left = resendSecondsLeft
    guard left == 0 else { return context.nothingHappens("resend is disabled for \(left) more seconds") }
    do {
      try client.sendEmailVerification()
      if flaws.contains(.resendWithoutCountdown) { return }
      resendStartedAt = context.now
    } catch {
      show(error)
    }
  }

  private func deleteAccount() {
    guard state == .signedIn else { return context.nothingHappens("no delete button on \(screen)") }
    currentScreen = .accountSettings
    if flaws.contains(.deleteWithoutReauth) {
      do { try client.delete() } catch { show(error) }
      return
    }
    currentScreen = .reauthenticate
  }

  private func reauthenticateAndDelete(_ answer: Reauthentication) {
    guard currentScreen == .reauthenticate else {
      return context.nothingHappens("no re-authentication prompt on \(screen)")
    }
    do {
      switch answer {
      case .password(let password): try client.reauthenticate(password: password)
      case .provider(let sheet): try client.reauthenticate(with: sheet)
      }
    } catch {
      return show(error)
    }
    do {
      try client.delete()
    } catch {
      currentScreen = .accountSettings
      show(error)
    }
  }

  private func cancel() {
    switch currentScreen {
    case .reauthenticate: currentScreen = .accountSettings
    case .accountSettings: currentScreen = .home
    case .signUp, .forgotPassword: currentScreen = .signIn
    default: context.nothingHappens("nothing to dismiss on \(screen)")
    }
  }

  /// A random nickname, from the scenario's seeded generator.
  private func nickname() -> String {
    let adjectives = [
      "Brave", "Calm", "Clever", "Eager", "Gentle", "Happy", "Lucky", "Quiet", "Swift", "Witty",
    ]
    let animals = ["Badger", "Falcon", "Fox", "Heron", "Koala", "Lynx", "Otter", "Panda", "Robin", "Wombat"]
    let value = context.random()
    return adjectives[Int(value % 10)] + animals[Int(value / 10 % 10)] + String(value / 100 % 100)
  }
}
