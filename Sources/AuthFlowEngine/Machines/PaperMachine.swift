import AuthFlowLanguage

/// `paper`: a minimal email and password login screen with no login button (SPEC 6). The user types into the
/// `username` and `password` fields; the keyboard's Next key moves to the password field and its Go key signs in.
///
/// Go is disabled while either field is empty, and then makes no backend call. There is no verification gating.
final class PaperMachine: Machine {
  /// The screens of the app.
  enum Screen: String, CaseIterable {
    case login, home
  }

  /// The login screen's text fields.
  enum Field: String, CaseIterable {
    case username, password
  }

  /// The keyboard keys `tap` names.
  enum Key: String, CaseIterable {
    case next, go
  }

  /// A mutant's one bug.
  struct Flaw: OptionSet, Sendable {
    let rawValue: Int
    static let goEnabledWhenEmpty = Flaw(rawValue: 1 << 0)
    static let nextSubmits = Flaw(rawValue: 1 << 1)
    static let signOutKeepsFields = Flaw(rawValue: 1 << 2)
  }

  private let context: MachineContext
  private let flaws: Flaw
  private var currentScreen: Screen
  private(set) var error: AuthErrorCode?
  private var username = ""
  private var password = ""
  private var focus = Field.username

  init(context: MachineContext, flaws: Flaw = []) {
    self.context = context
    self.flaws = flaws
    self.currentScreen = .login
    context.client.onAuthStateChange = { [weak self] change in self?.authStateDidChange(change) }
    settle()
  }

  private var client: AuthClient { context.client }

  // MARK: - What the app shows

  var state: AuthState { client.currentUser == nil ? .signedOut : .signedIn }

  var screen: String { currentScreen.rawValue }

  /// The login form (`go_enabled`, `focus`, `username`); home shows none of it. The password is never shown.
  var ui: [String: String] {
    guard currentScreen == .login else { return [:] }
    return ["go_enabled": String(goEnabled), "focus": focus.rawValue, "username": username]
  }

  private var goEnabled: Bool {
    flaws.contains(.goEnabledWhenEmpty) || (!username.isEmpty && !password.isEmpty)
  }

  /// Puts the app on the screen its auth state calls for; coming back to login starts a fresh form.
  private func settle() {
    switch state {
    case .signedOut:
      guard currentScreen == .home else { return }
      currentScreen = .login
      if !flaws.contains(.signOutKeepsFields) { clearForm() }
    case .signedIn, .signedInUnverified:
      currentScreen = .home
    }
  }

  private func clearForm() {
    username = ""
    password = ""
    focus = .username
  }

  /// The auth state listener: the client signed in, reloaded, or signed itself out.
  private func authStateDidChange(_ change: AuthStateChange) {
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
    case .type(let fields):
      guard currentScreen == .login else { return context.nothingHappens("no text fields on \(screen)") }
      for typed in fields {
        guard let field = Field(rawValue: typed.name) else {
          throw MachineError.noSuchField(typed.name)
        }
        type(typed.value, into: field)
      }
    case .tap(let name):
      guard let key = Key(rawValue: name) else { throw MachineError.nothingToTap(name) }
      guard currentScreen == .login else { return context.nothingHappens("no keyboard on \(screen)") }
      switch key {
      case .next: next()
      case .go: go()
      }
    case .signIn(let email, let password):
      guard currentScreen == .login else { return context.nothingHappens("no login form on \(screen)") }
      type(email, into: .username)
      type(password, into: .password)
      go()
    case .signOut:
      guard client.currentUser != nil else { return context.nothingHappens("already signed out") }
      client.signOut()
    case .signUp, .signInWith, .forgotPassword, .resendVerification, .refresh, .deleteAccount, .cancel,
      .reauthenticate, .linkProvider, .linkPassword, .signInAnonymously, .unlinkProvider, .updateProfile,
      .changePassword, .changeEmail, .sendSignInLink, .signInWithCustomToken, .signInWithPhone, .linkPhone,
      .enrollMFA, .unenrollMFA,
      .enterCode,
      .followLink, .wait,
      .admin, .network, .failNext:
      throw MachineError.unsupported(action.kind)
    }
  }

  /// Typing replaces the field's text and puts the focus there.
  private func type(_ text: String, into field: Field) {
    switch field {
    case .username: username = text
    case .password: password = text
    }
    focus = field
  }

  /// The keyboard's Next key: from the username field to the password field.
  private func next() {
    if flaws.contains(.nextSubmits) { return go() }
    guard focus == .username else {
      return context.nothingHappens("the password field's key is Go, not Next")
    }
    focus = .password
  }

  /// The keyboard's Go key: signs in with the two fields, or does nothing while one is empty.
  private func go() {
    guard goEnabled else { return context.nothingHappens("Go is disabled while a field is empty") }
    do { _ = try client.signIn(email: username, password: password) } catch { show(error) }
  }
}

extension PaperMachine {
  static let supportedActions: [ActionKind] = [
    .launch, .terminate, .background, .foreground, .signIn, .signOut, .tap, .type,
  ]

  static func descriptor(name: String, summary: String, flaws: Flaw) -> MachineDescriptor {
    var descriptor = MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions,
      screens: Screen.allCases.map(\.rawValue),
      tapTargets: Key.allCases.map(\.rawValue), typeFields: Field.allCases.map(\.rawValue),
      secretFields: [Field.password.rawValue]
    ) { PaperMachine(context: $0, flaws: flaws) }
    descriptor.uiNames = ["username", "focus", "go_enabled"]
    return descriptor
  }

  static let descriptors: [MachineDescriptor] = [
    descriptor(
      name: "paper", summary: "minimal email and password login screen with no login button: Next, then Go",
      flaws: []),
    descriptor(
      name: "paper~go-enabled-when-empty",
      summary: "Go is enabled while a field is empty and sends the half-filled form to the backend",
      flaws: .goEnabledWhenEmpty),
    descriptor(
      name: "paper~next-submits",
      summary: "the keyboard's Next key submits the form instead of moving to the password field",
      flaws: .nextSubmits),
    descriptor(
      name: "paper~sign-out-keeps-fields",
      summary: "signing out returns to a login form still filled with the last user's email and password",
      flaws: .signOutKeepsFields),
  ]
}
