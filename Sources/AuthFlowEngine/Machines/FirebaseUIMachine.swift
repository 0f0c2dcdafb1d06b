import AuthFlowLanguage

/// `firebaseui`: a provider-picker login screen (Google, Twitter, Email buttons) with one email screen that signs
/// in or creates the account, as FirebaseUI did (SPEC 6).
///
/// The email screen asks the backend for the email's sign-in methods and signs in only when `password` is among
/// them; otherwise it creates the account. That is the original's weakness, reproduced on purpose: under email
/// enumeration protection the backend lists no methods, so an existing user's sign-in becomes a sign-up that
/// fails with `email-already-in-use`, and an email that signs in only with a provider fails the same way. There
/// is no verification gating: a signed-in user is `signedIn` whether or not the email is verified.
final class FirebaseUIMachine: Machine {
  /// The screens of the app.
  enum Screen: String, CaseIterable {
    case picker, email, home
  }

  /// A mutant's one bug.
  struct Flaw: OptionSet, Sendable {
    let rawValue: Int
    static let greetingIgnoresDisplayName = Flaw(rawValue: 1 << 0)
    static let strangerForEmailUsers = Flaw(rawValue: 1 << 1)
    static let ignoresSessionEnd = Flaw(rawValue: 1 << 2)
    static let signUpDropsDisplayName = Flaw(rawValue: 1 << 3)
  }

  /// The greeting for a user with neither a display name nor an email the app may show.
  static let stranger = "Stranger"

  private let context: MachineContext
  private let flaws: Flaw
  private var currentScreen: Screen
  private(set) var error: AuthErrorCode?
  /// The user the app shows: set by its own calls and, through the auth-state listener, by the client's.
  private var user: CachedUser?

  init(context: MachineContext, flaws: Flaw = []) {
    self.context = context
    self.flaws = flaws
    self.currentScreen = .picker
    self.user = context.client.currentUser
    if !flaws.contains(.ignoresSessionEnd) {
      context.client.onAuthStateChange = { [weak self] change in self?.authStateDidChange(change) }
    }
    settle()
  }

  private var client: AuthClient { context.client }

  // MARK: - What the app shows

  var state: AuthState { user == nil ? .signedOut : .signedIn }

  var screen: String { currentScreen.rawValue }

  var ui: [String: String] {
    guard let greeting else { return [:] }
    return ["greeting": greeting]
  }

  /// The display name, else the email of a user who signs in with a password, else `Stranger`.
  private var greeting: String? {
    guard let user else { return nil }
    let name = user.displayName.flatMap { $0.isEmpty ? nil : $0 }
    let email = user.providers.contains(.password) ? user.email : nil
    if flaws.contains(.greetingIgnoresDisplayName) { return email ?? name ?? Self.stranger }
    if flaws.contains(.strangerForEmailUsers) { return name ?? Self.stranger }
    return name ?? email ?? Self.stranger
  }

  /// Puts the app on the screen its auth state calls for: home when signed in, the picker after a sign-out.
  private func settle() {
    switch state {
    case .signedOut: if currentScreen == .home { currentScreen = .picker }
    case .signedIn, .signedInUnverified: currentScreen = .home
    }
  }

  /// The auth state listener: the client signed in, reloaded, or signed itself out.
  private func authStateDidChange(_ change: AuthStateChange) {
    user = change.user
    if let error = change.error { self.error = error }
    settle()
  }

  private func show(_ error: AuthErrorCode) { self.error = error }

  // MARK: - Actions

  func perform(_ action: Action) throws {
    error = nil
    defer { settle() }
    switch action {
    case .launch, .terminate, .background, .foreground: break
    case .signUp(let email, let password, let displayName):
      submitEmail(email, password: password, displayName: displayName)
    case .signIn(let email, let password): submitEmail(email, password: password, displayName: nil)
    case .signInWith(let sheet): signIn(with: sheet)
    case .signOut:
      guard user != nil else { return context.nothingHappens("already signed out") }
      client.signOut()
      user = nil
      currentScreen = .picker
    case .refresh:
      guard user != nil else { return context.nothingHappens("no user to refresh on \(screen)") }
      do { user = try client.reload() } catch { show(error) }
    case .cancel:
      guard currentScreen == .email else { return context.nothingHappens("nothing to dismiss on \(screen)") }
      currentScreen = .picker
    case .forgotPassword, .resendVerification, .deleteAccount, .reauthenticate, .linkProvider, .linkPassword,
      .signInAnonymously, .unlinkProvider, .updateProfile, .changePassword, .changeEmail, .sendSignInLink,
      .signInWithCustomToken, .signInWithPhone, .linkPhone, .enterCode, .enrollMFA, .unenrollMFA,
      .tap, .type,
      .followLink,
      .wait,
      .admin, .network,
      .failNext:
      throw MachineError.unsupported(action.kind)
    }
  }

  /// The email screen: fetches the email's sign-in methods, signs in when `password` is among them, and
  /// creates the account otherwise (with the display name, when one is given).
  private func submitEmail(_ email: String, password: String, displayName: String?) {
    guard user == nil else { return context.nothingHappens("no email screen on \(screen)") }
    currentScreen = .email
    let methods: [ProviderID]
    do {
      methods = try client.fetchSignInMethods(email: email)
    } catch {
      return show(error)
    }
    if methods.contains(.password) {
      context.log("password is a sign-in method: signs in")
      do { user = try client.signIn(email: email, password: password) } catch { show(error) }
      return
    }
    context.log("password is not a sign-in method: creates the account")
    do {
      user = try client.signUp(email: email, password: password)
    } catch {
      return show(error)
    }
    guard let displayName, !flaws.contains(.signUpDropsDisplayName) else { return }
    do {
      try client.updateDisplayName(displayName)
      user = client.currentUser
    } catch {
      show(error)
    }
  }

  /// A provider button on the picker (from the email screen the user first goes back to it). Errors stay on the
  /// picker; a collision's pending credential is left unused, as the original did.
  private func signIn(with sheet: ProviderSheet) {
    guard user == nil else { return context.nothingHappens("no sign-in buttons on \(screen)") }
    currentScreen = .picker
    do { user = try client.signIn(with: sheet) } catch { show(error) }
  }
}

extension FirebaseUIMachine {
  static let supportedActions: [ActionKind] = [
    .launch, .terminate, .background, .foreground, .signUp, .signIn, .signInWith, .signOut, .refresh, .cancel,
  ]

  static func descriptor(name: String, summary: String, flaws: Flaw) -> MachineDescriptor {
    var descriptor = MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: [.google, .twitter],
      screens: Screen.allCases.map(\.rawValue)
    ) { FirebaseUIMachine(context: $0, flaws: flaws) }
    descriptor.uiNames = ["greeting"]
    return descriptor
  }

  static let descriptors: [MachineDescriptor] = [
    descriptor(
      name: "firebaseui",
      summary:
        "provider-picker login (Google, Twitter, Email) whose email screen signs in or creates the account",
      flaws: []),
    descriptor(
      name: "firebaseui~greeting-ignores-display-name",
      summary: "greets an email user with the email even when the account has a display name",
      flaws: .greetingIgnoresDisplayName),
    descriptor(
      name: "firebaseui~stranger-for-email-users",
      summary: "greets an email user without a display name as Stranger instead of by the email",
      flaws: .strangerForEmailUsers),
    descriptor(
      name: "firebaseui~ignores-session-end",
      summary: "does not listen to the auth client: stays on home when the client signs itself out",
      flaws: .ignoresSessionEnd),
    descriptor(
      name: "firebaseui~sign-up-drops-display-name",
      summary: "creates the account but never saves the display name sign-up asked for",
      flaws: .signUpDropsDisplayName),
  ]
}
