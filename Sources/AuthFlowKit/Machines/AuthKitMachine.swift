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
    guard let user else { return .signedOut }
    if user.isUnverifiedPasswordUser, !flaws.contains(.unverifiedIsSignedIn) { return .signedInUnverified }
    return .signedIn
  }

  var screen: String { currentScreen.rawValue }

  var ui: [String: String] {
    var values = ["resend_seconds_left": String(resendSecondsLeft)]
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

  private func nothing(_ why: String) { context.log("nothing happens: \(why)") }

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
      guard client.currentUser != nil else { return nothing("already signed out") }
      client.signOut()
      currentScreen = .signIn
    case .forgotPassword(let email): forgotPassword(email: email)
    case .resendVerification: resendVerification()
    case .refresh:
      guard client.currentUser != nil else { return nothing("no user to refresh on \(screen)") }
      if flaws.contains(.refreshReadsCache) { return context.log("re-reads the cached user") }
      reload()
    case .deleteAccount: deleteAccount()
    case .reauthenticate(let answer): reauthenticateAndDelete(answer)
    case .cancel: cancel()
    case .linkProvider(let sheet):
      guard state == .signedIn else { return nothing("no link button on \(screen)") }
      do { _ = try client.link(with: sheet) } catch { show(error) }
    case .changePassword(let password):
      guard state == .signedIn else { return nothing("no change-password form on \(screen)") }
      do { try client.updatePassword(password) } catch { show(error) }
    case .tap, .type, .followLink, .wait, .admin, .network, .failNext:
      throw MachineError.unsupported(action.kind)
    }
  }

  private func reload() {
    do { _ = try client.reload() } catch { show(error) }
  }

  private func signUp(email: String, password: String, displayName: String?) {
    guard state == .signedOut else { return nothing("no sign-up form on \(screen)") }
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
    guard state == .signedOut else { return nothing("no sign-in form on \(screen)") }
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
    guard state == .signedOut else { return nothing("no sign-in button on \(screen)") }
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
    guard state == .signedOut else { return nothing("no forgot-password link on \(screen)") }
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
    guard state == .signedInUnverified else { return nothing("no resend button on \(screen)") }
    let left = resendSecondsLeft
    guard left == 0 else { return nothing("resend is disabled for \(left) more seconds") }
    do {
      try client.sendEmailVerification()
      if flaws.contains(.resendWithoutCountdown) { return }
      resendStartedAt = context.now
    } catch {
      show(error)
    }
  }

  private func deleteAccount() {
    guard state == .signedIn else { return nothing("no delete button on \(screen)") }
    currentScreen = .accountSettings
    if flaws.contains(.deleteWithoutReauth) {
      do { try client.delete() } catch { show(error) }
      return
    }
    currentScreen = .reauthenticate
  }

  private func reauthenticateAndDelete(_ answer: Reauthentication) {
    guard currentScreen == .reauthenticate else { return nothing("no re-authentication prompt on \(screen)") }
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
    default: nothing("nothing to dismiss on \(screen)")
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

/// Why a machine could not handle an action.
public enum MachineError: Error, Equatable, CustomStringConvertible {
  case unsupported(ActionKind)
  case failed(String)

  public var description: String {
    switch self {
    case .unsupported(let kind): "the machine does not handle '\(kind.rawValue)'"
    case .failed(let message): message
    }
  }
}

extension AuthKitMachine {
  static let supportedActions = ActionKind.deviceActions.filter { $0 != .tap && $0 != .type }

  static func descriptor(name: String, summary: String, flaws: Flaw) -> MachineDescriptor {
    MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: [.apple],
      screens: Screen.allCases.map(\.rawValue), invariants: invariants
    ) { AuthKitMachine(context: $0, flaws: flaws) }
  }

  static let descriptors: [MachineDescriptor] = [
    descriptor(
      name: "authkit",
      summary:
        "SwiftUI app with sign-in, sign-up, verify-email, forgot-password and account-settings screens",
      flaws: []),
    descriptor(
      name: "authkit~no-foreground-refresh",
      summary: "never reloads the user when the app comes to the foreground", flaws: .noForegroundRefresh),
    descriptor(
      name: "authkit~unverified-is-signed-in",
      summary: "treats a signed-in user with an unverified password account as signedIn (home)",
      flaws: .unverifiedIsSignedIn),
    descriptor(
      name: "authkit~delete-without-reauth",
      summary: "deletes straight after the confirmation dialog, never showing the reauthenticate prompt",
      flaws: .deleteWithoutReauth),
    descriptor(
      name: "authkit~resend-without-countdown",
      summary: "resend sends an email on every tap and never starts the 60 s countdown",
      flaws: .resendWithoutCountdown),
    descriptor(
      name: "authkit~drops-pending-credential",
      summary:
        "after a provider collision, signing in with the password does not link the pending credential",
      flaws: .dropsPendingCredential),
    descriptor(
      name: "authkit~refresh-reads-cache",
      summary: "the refresh / \"I've verified\" button re-reads the cached user instead of reloading it",
      flaws: .refreshReadsCache),
    descriptor(
      name: "authkit~no-auth-listener",
      summary: "ignores the client's own sign-outs (a revoked session at a token refresh) until the next tap",
      flaws: .noAuthListener),
  ]
}

// MARK: - Invariants

extension AuthKitMachine {
  /// What authkit promises besides ``Invariant/builtIn``, checked after every step of every run on authkit
  /// and its mutants. Each catches the bug of one mutant above (`no-auth-listener` breaks the built-in
  /// `app-follows-session`).
  static let invariants: [Invariant] = [
    verifyEmailGate, foregroundReloadsUser, refreshReloadsUser, resendCountdown,
    deleteOnlyAfterReauthentication,
    pendingCredentialLinked,
  ]

  /// `signedInUnverified` on `verifyEmail` exactly when the cached user is an unverified password user.
  static let verifyEmailGate = Invariant(
    name: "verify-email-gate",
    catches:
      "an app that lets a user whose password account is unverified past the verify-email screen "
      + "(authkit~unverified-is-signed-in), or keeps a verified user on it"
  ) { view in
    for device in view.devices {
      guard let state = device.state, let user = device.user else { continue }
      let email = user.email ?? "?"
      if user.isUnverifiedPasswordUser, state != .signedInUnverified {
        return "\(device.name) shows \(state.rawValue) on \(device.screen ?? "?") for \(email), whose "
          + "password account is unverified (cached email_verified false)"
      }
      if !user.isUnverifiedPasswordUser, state == .signedInUnverified {
        return "\(device.name) shows signedInUnverified for \(email), whose cached user needs no verification"
      }
      if state == .signedInUnverified, device.screen != Screen.verifyEmail.rawValue {
        return "\(device.name) is signedInUnverified on \(device.screen ?? "?"), not on verifyEmail"
      }
    }
    return nil
  }

  /// After a `foreground` that shows no error, the cached user is the backend's, over a live session.
  static let foregroundReloadsUser = Invariant(
    name: "foreground-reloads-user",
    catches:
      "an app that does not reload the user when it comes to the foreground, so a verification, "
      + "revocation or deletion made elsewhere goes unnoticed (authkit~no-foreground-refresh)",
    after: [.foreground]
  ) { view in staleness(view, after: "foreground") }

  /// After a `refresh` that shows no error, the cached user is the backend's, over a live session.
  static let refreshReloadsUser = Invariant(
    name: "refresh-reloads-user",
    catches:
      "a refresh (\"I've verified\") button that re-reads the cached user instead of reloading it "
      + "(authkit~refresh-reads-cache)",
    after: [.refresh]
  ) { view in staleness(view, after: "refresh") }

  /// What the device's cached user gets wrong about the backend after an action that reloads it.
  private static func staleness(_ view: InvariantView, after action: String) -> String? {
    let device = view.device
    guard device.isRunning, device.error == nil, let user = device.user else { return nil }
    let who = "\(device.name)'s cached user \(user.email ?? "?")"
    switch device.session {
    case .live, .none: break
    case .revoked: return "after \(action), \(who) still holds a revoked session"
    case .accountDisabled: return "after \(action), \(who) is still signed in to a disabled account"
    case .accountDeleted, .mintedAfterDeletion:
      return "after \(action), \(who) is still signed in to a deleted account"
    }
    guard let account = view.account(uid: user.uid) else {
      return "after \(action), \(who) is still signed in to a deleted account"
    }
    let fresh = CachedUser(account)
    guard fresh != user else { return nil }
    var differences: [String] = []
    if fresh.emailVerified != user.emailVerified {
      differences.append("email_verified \(user.emailVerified), the backend says \(fresh.emailVerified)")
    }
    if fresh.displayName != user.displayName {
      differences.append(
        "display_name \(user.displayName ?? "null"), the backend says \(fresh.displayName ?? "null")")
    }
    if fresh.providers != user.providers {
      let cached = user.providers.map(\.rawValue).joined(separator: ", ")
      let truth = fresh.providers.map(\.rawValue).joined(separator: ", ")
      differences.append("providers [\(cached)], the backend says [\(truth)]")
    }
    if fresh.email != user.email {
      differences.append("email \(user.email ?? "null"), the backend says \(fresh.email ?? "null")")
    }
    return "after \(action), \(who) is stale: " + differences.joined(separator: "; ")
  }

  /// A resend that sends starts the 60 s countdown; a resend during it sends nothing.
  static let resendCountdown = Invariant(
    name: "resend-countdown",
    catches:
      "a resend button that can send twice within 60 s: no countdown, or one that does not disable it "
      + "(authkit~resend-without-countdown)",
    after: [.resendVerification]
  ) { view in
    let sent = view.emailsSent.filter { $0.kind == .verifyEmail }
    guard let email = sent.first else { return nil }
    if sent.count > 1 { return "one tap on resend sent \(sent.count) verify_email emails" }
    let before = view.before?.ui["resend_seconds_left"] ?? "0"
    if before != "0" {
      return "resend sent a verify_email email to \(email.to) while its countdown showed \(before) s"
    }
    let left = view.device.ui["resend_seconds_left"] ?? "(not shown)"
    if left != String(resendCooldown.seconds) {
      return "resend sent a verify_email email to \(email.to) but the countdown shows \(left), not "
        + "\(resendCooldown.seconds): the next tap sends again at once"
    }
    return nil
  }

  /// The app deletes an account only as the answer to the re-authentication prompt.
  static let deleteOnlyAfterReauthentication = Invariant(
    name: "delete-only-after-reauthentication",
    catches:
      "an app that deletes the account straight after the confirmation dialog, without asking the user "
      + "to re-authenticate (authkit~delete-without-reauth)"
  ) { view in
    for fact in view.facts {
      guard case .accountDeleted(_, let email, true, _) = fact else { continue }
      let action = view.action?.kind.rawValue ?? "expect"
      guard view.action?.kind == .reauthenticate, view.before?.screen == Screen.reauthenticate.rawValue else {
        return "\(view.device.name) deleted the account \(email ?? "?") on '\(action)' from "
          + "\(view.before?.screen ?? "?"), without the re-authentication prompt"
      }
    }
    return nil
  }

  /// After signing in with the password of a pending federated credential's email, the credential is linked.
  static let pendingCredentialLinked = Invariant(
    name: "pending-credential-linked",
    catches:
      "an app that forgets the credential kept from a provider collision once the user signs in with the "
      + "password, so the provider is never linked (authkit~drops-pending-credential)",
    after: [.signIn]
  ) { view in
    guard case .signIn(let email, _) = view.action, view.before?.state == .signedOut else { return nil }
    let device = view.device
    guard device.error == nil, let user = device.user, user.email == email.lowercased(),
      let pending = device.pendingCredential, pending.email == user.email
    else { return nil }
    return "\(device.name) signed in as \(email.lowercased()) with the password but left the pending "
      + "\(pending.provider) credential unlinked"
  }
}
