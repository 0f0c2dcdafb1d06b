import AuthFlowFirebase
import AuthFlowKit
import Foundation

/// The glue a team writes to put the custom FirebaseUI ``LoginScreen`` under scenarios: the provider picker's
/// buttons and the email screen's Next button call the screen's code, a state listener keeps the signed-in user
/// as the app's root does, and what the `firebaseui` machine shows — picker, email, home, `ui.greeting` — is read
/// from there.
@MainActor
public final class FirebaseUISeedApp: AsyncMachine {
  /// The app's screens, as the `firebaseui` machine names them.
  enum Screen: String, CaseIterable {
    case picker, email, home
  }

  private let context: MachineContext
  private let world: FirebaseWorld
  private let login: LoginScreen
  private var user: FirebaseAuth.User?
  private var currentScreen = Screen.picker
  private var handle: NSObjectProtocol?
  /// An error the glue shows itself (a provider sheet's, a reload's), since the last action.
  private var shownError: AuthFlowKit.AuthErrorCode?
  /// The login screen's alert when the last action began: a different one is that action's.
  private var alertBeforeAction: NSError?

  /// The alert the app shows, as a scenario error code: the login screen's, when the last action raised a new
  /// one (its completion handlers raise it after the button's code has returned, as on a device), else the
  /// glue's own.
  public var error: AuthFlowKit.AuthErrorCode? {
    if let alert = login.alert.map({ $0 as NSError }), alert !== alertBeforeAction {
      return FirebaseWorld.worldCode(for: alert) ?? AuthFlowKit.AuthErrorCode(rawValue: "app/unknown")
    }
    return shownError
  }

  init(context: MachineContext, bugs: SeedBug) {
    self.context = context
    let world = FirebaseWorld.attached(to: context)
    self.world = world
    let auth = world.auth(for: context)
    login = LoginScreen(bugs: bugs)
    user = auth.currentUser
    login.didLogin = { [weak self] user in self?.user = user }
    if !bugs.contains(.ignoresSessionEnd) {  // mutant: no listener
      handle = auth.addStateDidChangeListener { [weak self] _, user in
        MainActor.assumeIsolated { self?.user = user }
      }
    }
  }

  // MARK: - What the app shows

  /// Signed in whenever there is a user: FirebaseUI does not gate on a verified email.
  public var state: AuthFlowKit.AuthState { user == nil ? .signedOut : .signedIn }

  /// Home while signed in; the picker once signed out.
  public var screen: String { settled(currentScreen).rawValue }

  /// The home screen's greeting, as the login screen set it.
  public var ui: [String: String] {
    guard user != nil, let greeting = login.greeting else { return [:] }
    return ["greeting": greeting]
  }

  private func settled(_ screen: Screen) -> Screen {
    switch state {
    case .signedOut: screen == .home ? .picker : screen
    case .signedIn, .signedInUnverified: .home
    }
  }

  private func show(_ error: Error) {
    shownError = FirebaseWorld.worldCode(for: error) ?? AuthFlowKit.AuthErrorCode(rawValue: "app/unknown")
  }

  // MARK: - Actions

  /// What the user's tap does on the current screen; `Auth.auth()` is this device's throughout.
  public func perform(_ action: Action) async throws {
    shownError = nil
    alertBeforeAction = login.alert.map { $0 as NSError }
    currentScreen = settled(currentScreen)
    try world.withDevice(context.device) { try handle(action) }
    currentScreen = settled(currentScreen)
  }

  private func handle(_ action: Action) throws {
    switch action {
    case .launch, .terminate, .background, .foreground: break
    case .signUp(let email, let password, let displayName):
      emailNext(email: email, password: password, displayName: displayName)
    case .signIn(let email, let password): emailNext(email: email, password: password, displayName: nil)
    case .signInWith(let sheet): socialButton(sheet)
    case .signOut:
      guard user != nil else { return context.nothingHappens("already signed out") }
      login.signOut()
      user = nil
      currentScreen = .picker
    case .refresh:
      guard let user else { return context.nothingHappens("no user to refresh on \(screen)") }
      user.reload { [weak self] error in
        if let error { self?.show(error) }
      }
    case .cancel:
      guard currentScreen == .email else { return context.nothingHappens("nothing to dismiss on \(screen)") }
      currentScreen = .picker
    default:
      // Only the actions the descriptor lists reach the glue; `default` keeps it compiling as the language
      // gains actions this app has no screen for.
      throw MachineError.unsupported(action.kind)
    }
  }

  /// The email screen's Next button.
  private func emailNext(email: String, password: String, displayName: String?) {
    guard user == nil else { return context.nothingHappens("no email screen on \(screen)") }
    currentScreen = .email
    login.emailLogin(email: email, password: password, displayName: displayName)
  }

  /// A provider button on the picker: the provider's SDK presents its sheet, answered as the step says.
  private func socialButton(_ sheet: ProviderSheet) {
    guard user == nil else { return context.nothingHappens("no sign-in buttons on \(screen)") }
    currentScreen = .picker
    world.answerNextSheet(on: context.device, with: sheet)
    IdentityProviderSheet(providerID: sheet.provider.rawValue).signIn(withDefaultValue: nil, presenting: nil)
    {
      [weak self] credential, error, _, _ in
      MainActor.assumeIsolated {
        guard let self else { return }
        if let credential {
          self.login.socialLogin(with: credential)
        } else if let error {
          self.show(error)
        }
      }
    }
  }
}
