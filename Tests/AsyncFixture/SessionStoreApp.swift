import AuthFlowFirebase
import AuthFlowKit
import Foundation

/// App code written as iOS apps write it: one `SessionStore` whose `currentUser` reads `Auth.auth()` whenever
/// it is asked, as in an app's one process with one `Auth`, and whose initialiser registers a state listener
/// with `Auth.auth()` (no `withDevice` around it). The fixture registers it as `async-session-store`.
@MainActor final class SessionStoreApp: AsyncMachine {
  private let context: MachineContext
  private let world: FirebaseWorld
  private(set) var error: AuthFlowKit.AuthErrorCode?
  /// The email the state listener last heard of.
  private var heard = ""
  private var listener: AuthStateDidChangeListenerHandle?
  /// How many times the ID-token listener was called: on registration, then for each new ID token.
  private var tokens = 0
  /// How many times the hourly timer (`tap: hourly`) fired.
  private var ticks = 0
  private var tokenListener: IDTokenDidChangeListenerHandle?
  /// What the app did with the last sign-in link it opened: "signed in", or "asks for the email" when this
  /// device's app never asked for a link (the email is kept in UserDefaults, as Firebase's guide does).
  private var link = ""
  /// The email a detached task (`tap: detached`) saw as `Auth.auth().currentUser` half a minute later.
  private var detachedSaw = ""
  /// The same for a task started in a block queued on `DispatchQueue.main` (`tap: main-queue`).
  private var mainQueueSaw = ""
  /// The link email this device's UserDefaults held when the state listener last heard of no user.
  private var keptAtSignOut = ""
  /// In which order a completion handler and the code after its call ran (`tap: completion`).
  private var completionOrder: [String] = []
  /// What a one-shot state listener (it removes itself on its first call) saw of its handle, and how many
  /// times it was called.
  private var oneShot = (handle: "not called", calls: 0)

  init(context: MachineContext) {
    self.context = context
    world = FirebaseWorld.attached(to: context)
    listener = Auth.auth().addStateDidChangeListener { [weak self] _, user in
      MainActor.assumeIsolated {
        self?.heard = user?.email ?? ""
        // What this device's UserDefaults held when its user went (the link email it kept, if any).
        if user == nil, self?.heard == "" {
          self?.keptAtSignOut = UserDefaults.standard.string(forKey: Self.emailForLinkKey) ?? "nothing"
        }
      }
    }
    tokenListener = Auth.auth().addIDTokenDidChangeListener { [weak self] _, _ in
      MainActor.assumeIsolated { self?.tokens += 1 }
    }
    // "Wait for the first user" as apps write it: the SDK calls later, so the handle is there to remove.
    var handle: AuthStateDidChangeListenerHandle?
    handle = Auth.auth().addStateDidChangeListener { [weak self] auth, _ in
      MainActor.assumeIsolated {
        self?.oneShot.calls += 1
        self?.oneShot.handle = handle == nil ? "missing" : "there"
        if let handle { auth.removeStateDidChangeListener(handle) }
      }
    }
  }

  /// What a view would bind to: read fresh from `Auth.auth()` each time.
  private var currentUser: User? { Auth.auth().currentUser }

  var state: AuthFlowKit.AuthState { currentUser == nil ? .signedOut : .signedIn }
  var screen: String { currentUser == nil ? "signIn" : "home" }
  var ui: [String: String] {
    [
      "email": currentUser?.email ?? "", "heard": heard, "tokens": String(tokens), "ticks": String(ticks),
      "detached": detachedSaw, "main-queue": mainQueueSaw,
      "one-shot": "\(oneShot.calls) call, handle \(oneShot.handle)", "link": link,
      "completion": completionOrder.joined(separator: ", "), "kept-at-sign-out": keptAtSignOut,
    ]
  }

  func perform(_ action: Action) async throws {
    error = nil
    try await world.withDevice(context.device) {
      switch action {
      case .signIn(let email, let password):
        do {
          try await Auth.auth().signIn(withEmail: email, password: password)
        } catch {
          self.error = FirebaseWorld.worldCode(for: error)
        }
      case .signOut:
        try? Auth.auth().signOut()
      case .sendSignInLink(let email):
        let settings = ActionCodeSettings()
        settings.url = URL(string: "https://app.example.com/finish")
        settings.handleCodeInApp = true
        do {
          try await Auth.auth().sendSignInLink(toEmail: email, actionCodeSettings: settings)
          UserDefaults.standard.set(email, forKey: Self.emailForLinkKey)
        } catch {
          self.error = FirebaseWorld.worldCode(for: error)
        }
      case .tap("hourly"):
        // A timer every hour for 60 days, that makes no auth call.
        Task { @MainActor [weak self] in
          for _ in 0..<1440 {
            try await Task.sleep(for: .seconds(3600))
            self?.ticks += 1
          }
        }
      case .tap("completion"):
        // Completion-handler code that sets state after starting the call: the handler comes later.
        Auth.auth().sendPasswordReset(withEmail: "ana@example.com") { [weak self] _ in
          MainActor.assumeIsolated { self?.completionOrder.append("handler") }
        }
        completionOrder.append("after the call")
      case .tap("detached"):
        // A detached task inherits no binding to the device: `Auth.auth()` there is still this app's own.
        Task.detached { [weak self] in
          try? await Task.sleep(for: .seconds(30))
          let email = Auth.auth().currentUser?.email ?? "nobody"
          await MainActor.run { self?.detachedSaw = email }
        }
      case .tap("main-queue"):
        // Completion-handler era code: a block on the main queue starts the countdown task. It is this device's
        // app's: `Auth.auth()` there is this app's, and it waits while the app is in the background.
        DispatchQueue.main.async { [weak self] in
          Task { @MainActor [weak self] in
            try? await Task.sleep(for: .seconds(30))
            self?.mainQueueSaw = Auth.auth().currentUser?.email ?? "nobody"
          }
        }
      case .launch, .terminate, .background, .foreground:
        break
      default:
        throw MachineError.unsupported(action.kind)
      }
    }
  }

  /// A universal link, as `onOpenURL` gets it: an email sign-in link completes with the email this device's app
  /// kept for it; on another device there is none, and the app has to ask.
  func openLink(_ link: String) async throws {
    try await world.withDevice(context.device) {
      guard Auth.auth().isSignIn(withEmailLink: link) else { return }
      guard let email = UserDefaults.standard.string(forKey: Self.emailForLinkKey) else {
        self.link = "asks for the email"
        return
      }
      do {
        try await Auth.auth().signIn(withEmail: email, link: link)
        UserDefaults.standard.removeObject(forKey: Self.emailForLinkKey)
        self.link = "signed in"
      } catch {
        self.error = FirebaseWorld.worldCode(for: error)
      }
    }
  }

  private static let emailForLinkKey = "EmailForSignIn"

  nonisolated static let descriptor = MachineDescriptor(
    name: "async-session-store",
    summary: "an app whose state is read from Auth.auth() when asked (test fixture)",
    supportedActions: [
      .launch, .terminate, .background, .foreground, .signIn, .signOut, .sendSignInLink, .tap,
    ],
    screens: ["signIn", "home"],
    tapTargets: ["hourly", "detached", "completion", "main-queue"],
    makeAsync: { context in SessionStoreApp(context: context) })
}
