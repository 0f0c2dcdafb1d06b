import AuthFlowFirebase
import AuthFlowKit

/// The view-layer glue a team writes to put AuthKit's ``DB`` under scenarios: each scenario action is what a
/// screen does with `DB` (a button's `Task`, the verify-email screen's scene-phase refresh), and what the
/// `authkit` machine shows — state, screen, error, `ui` — is read from `DB` and the screen the app is on.
@MainActor
public final class AuthKitSeedApp: AsyncMachine {
  /// The app's screens, as the `authkit` machine names them.
  enum Screen: String, CaseIterable {
    case signIn, signUp, forgotPassword, verifyEmail, home, accountSettings, reauthenticate

    var isSignedOutScreen: Bool { [.signIn, .signUp, .forgotPassword].contains(self) }
  }

  private let context: MachineContext
  private let world: FirebaseWorld
  private let bugs: SeedBug
  private let db: DB
  private var currentScreen = Screen.signIn
  /// The in-app notification the app shows, as a scenario error code.
  public private(set) var error: AuthFlowKit.AuthErrorCode?

  init(context: MachineContext, bugs: SeedBug) {
    self.context = context
    self.bugs = bugs
    let world = FirebaseWorld.attached(to: context)
    _ = world.auth(for: context)
    self.world = world
    let random = ScenarioRandom(context: context)
    db = world.withDevice(context.device) { DB(random: random, bugs: bugs) }
  }

  // MARK: - What the app shows

  /// The root view's switch on ``DB/authState``.
  public var state: AuthFlowKit.AuthState {
    switch db.authState {
    case .undefined, .signedOut: .signedOut
    case .signedInUnverified: .signedInUnverified
    case .signedIn: .signedIn
    }
  }

  /// The screen on top: the one the user went to, unless the auth state sends the root view elsewhere.
  public var screen: String { settled(currentScreen).rawValue }

  /// The countdown, and the signed-in user's email and nickname.
  public var ui: [String: String] {
    var values = ["resend_seconds_left": String(db.resendSecondsLeft)]
    if let user = db.user {
      values["email"] = user.email ?? ""
      values["display_name"] = user.displayName ?? ""
    }
    return values
  }

  private func settled(_ screen: Screen) -> Screen {
    switch state {
    case .signedOut: screen.isSignedOutScreen ? screen : .signIn
    case .signedInUnverified: .verifyEmail
    case .signedIn: screen.isSignedOutScreen || screen == .verifyEmail ? .home : screen
    }
  }

  private func show(_ error: Error) {
    self.error = FirebaseWorld.worldCode(for: error) ?? AuthFlowKit.AuthErrorCode(rawValue: "app/unknown")
  }

  // MARK: - Actions

  /// What the user's tap (or the OS) does on the current screen; `Auth.auth()` is this device's throughout.
  public func perform(_ action: Action) async throws {
    error = nil
    currentScreen = settled(currentScreen)
    try await world.withDevice(context.device) { try await handle(action) }
    currentScreen = settled(currentScreen)
  }

  private func handle(_ action: Action) async throws {
    switch action {
    case .launch, .terminate, .background: break
    case .foreground: foreground()
    case .signUp(let email, let password, _):
      // AuthKit's sign-up form has no name field: DB picks the nickname.
      guard state == .signedOut else { return context.nothingHappens("no sign-up form on \(screen)") }
      currentScreen = .signUp
      await attempt { try await db.signUp(email: email, password: password) }
    case .signIn(let email, let password):
      guard state == .signedOut else { return context.nothingHappens("no sign-in form on \(screen)") }
      currentScreen = .signIn
      await attempt { try await db.signIn(email: email, password: password) }
    case .signInWith(let sheet):
      guard state == .signedOut else { return context.nothingHappens("no sign-in button on \(screen)") }
      currentScreen = .signIn
      await attempt { try await db.signInWithApple(credential: presentSheet(sheet)) }
    case .signOut:
      guard state != .signedOut else { return context.nothingHappens("already signed out") }
      await attempt { try db.signOut() }
      currentScreen = .signIn
    case .forgotPassword(let email): await forgotPassword(email: email)
    case .resendVerification:
      guard state == .signedInUnverified else {
        return context.nothingHappens("no resend button on \(screen)")
      }
      let left = db.resendSecondsLeft
      guard left == 0 else { return context.nothingHappens("resend is disabled for \(left) more seconds") }
      await attempt { try await db.sendVerificationEmail() }
    case .refresh:
      guard state != .signedOut else { return context.nothingHappens("no user to refresh on \(screen)") }
      if bugs.contains(.refreshReadsCache) { return context.log("re-reads the cached user") }  // mutant
      await attempt { try await db.refreshUserData() }
    case .deleteAccount: await deleteAccount()
    case .reauthenticate(let answer): await reauthenticateAndDelete(answer)
    case .cancel: cancel()
    default:
      // Only the actions the descriptor lists reach the glue; `default` keeps it compiling as the language
      // gains actions this app has no screen for.
      throw MachineError.unsupported(action.kind)
    }
  }

  /// The verify-email screen reloads the user each time the scene becomes active, in a task of its own.
  private func foreground() {
    // mutant: no-foreground-refresh
    guard !bugs.contains(.noForegroundRefresh), settled(currentScreen) == .verifyEmail else { return }
    Task(name: "refresh on foreground") { await attempt { try await db.refreshUserData() } }
  }

  private func forgotPassword(email: String?) async {
    if currentScreen == .reauthenticate {
      guard let address = email ?? db.user?.email else { return error = .invalidEmail }
      await attempt {
        try await db.requestPasswordReset(email: address)
        currentScreen = .accountSettings
      }
      return
    }
    guard state == .signedOut else { return context.nothingHappens("no forgot-password link on \(screen)") }
    currentScreen = .forgotPassword
    guard let email, !email.isEmpty else {
      return error = AuthFlowKit.AuthErrorCode(rawValue: "app/missing-email")
    }
    await attempt {
      try await db.requestPasswordReset(email: email)
      currentScreen = .signIn
    }
  }

  private func deleteAccount() async {
    guard state == .signedIn else { return context.nothingHappens("no delete button on \(screen)") }
    currentScreen = .accountSettings
    if bugs.contains(.deleteWithoutReauth) {  // mutant: deletes from the confirmation dialog
      return await attempt { try await Auth.auth().currentUser?.delete() }
    }
    currentScreen = .reauthenticate
  }

  /// The re-authentication prompt calls `DB` once: re-authenticate, wait for the sheet to close, delete.
  private func reauthenticateAndDelete(_ answer: Reauthentication) async {
    guard currentScreen == .reauthenticate else {
      return context.nothingHappens("no re-authentication prompt on \(screen)")
    }
    await attempt {
      switch answer {
      case .password(let password): try await db.deleteUser(password: password)
      case .provider(let sheet): try await db.deleteUser(appleCredential: presentSheet(sheet))
      }
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

  /// Sign in with Apple's sheet, answered as the scenario's step says.
  private func presentSheet(_ sheet: ProviderSheet) async throws -> AuthCredential {
    world.answerNextSheet(on: context.device, with: sheet)
    return try await IdentityProviderSheet(providerID: sheet.provider.rawValue).present()
  }

  /// Runs what a button does and shows its error as the app's notification.
  private func attempt(_ body: () async throws -> Void) async {
    do { try await body() } catch { show(error) }
  }
}
