import AuthFlowLanguage
/// The app's auth logic written with Swift concurrency: it handles each device action `async`, on the main
/// actor, and may start tasks of its own (`Task {}`, `Task.detached`), use actors, sleep (`Task.sleep`), and
/// listen to its client's state changes.
///
/// Register it with ``MachineDescriptor/init(name:summary:supportedActions:signInProviders:screens:tapTargets:typeFields:secretFields:invariants:makeAsync:)``.
/// After each action the runner runs the app's work until the app is idle, one job at a time in a fixed order,
/// with `Task.sleep` on the scenario's virtual clock: the same transcript on every run. It needs authflow's
/// executors, installed by the `authflow` command's `main` (``AsyncExecutors/install()``); see
/// Docs/AsyncMachines.md for the idle rule, timers and limits.
@MainActor
public protocol AsyncMachine: AnyObject, Sendable {
  /// The auth state the app presents.
  var state: AuthState { get }
  /// The current screen's name.
  var screen: String { get }
  /// The error the app shows now, nil for none. Clear it at the start of each action.
  var error: AuthErrorCode? { get }
  /// Named values the app shows (`greeting`, `resend_seconds_left`, …), as text.
  var ui: [String: String] { get }
  /// Handles one device action (SPEC 2.2), lifecycle events included. The runner waits for it (and for the
  /// timers it sleeps on) before the step's expectations; throwing makes the scenario errored.
  func perform(_ action: Action) async throws
  /// Handles a link the OS opens in the app (`follow_link` with `device:`: a universal link from an email, such
  /// as a passwordless sign-in link, what `onOpenURL` or the scene delegate gets). The runner waits for it as for
  /// an action; throwing makes the scenario errored. By default the app handles no links
  /// (``MachineError/opensNoLinks``).
  func openLink(_ link: String) async throws
  /// A problem the machine ran into outside ``perform(_:)``; nil while all is well (the default).
  var fault: String? { get }
}

// MARK: - Default implementations

extension AsyncMachine {
  public var fault: String? { nil }

  /// Handles no links by default.
  public func openLink(_ link: String) async throws { throw MachineError.opensNoLinks }
}
