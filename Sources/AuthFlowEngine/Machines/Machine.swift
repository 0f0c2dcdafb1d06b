import AuthFlowLanguage

/// The app's auth logic under test: it receives the device actions of a scenario, calls its device's
/// ``AuthClient``, and shows a state, a screen, an error and named UI values.
///
/// Conform your app's auth logic to this protocol and register a ``MachineDescriptor`` to run scenarios
/// against it. A machine is created when its app launches and dropped when the OS terminates it; the
/// client, with its persisted session, outlives it.
public protocol Machine: AnyObject {
  /// The auth state the app presents.
  var state: AuthState { get }
  /// The current screen's name.
  var screen: String { get }
  /// The error the app shows now, nil for none. Clear it at the start of each action, even one that then
  /// does nothing; set it when the client signs itself out with an error.
  var error: AuthErrorCode? { get }
  /// Named values the app shows (`greeting`, `resend_seconds_left`, …), as text.
  var ui: [String: String] { get }
  /// Handles one device action (SPEC 2.2), lifecycle events included. Throwing makes the scenario errored.
  func perform(_ action: Action) throws
  /// Handles a link the OS opens in the app (`follow_link` with `device:`: a universal link from an email,
  /// such as a passwordless sign-in link). Throwing makes the scenario errored; by default the app handles no
  /// links (``MachineError/opensNoLinks``).
  func openLink(_ link: String) throws
  /// A problem the machine ran into outside ``perform(_:)``, such as an out-of-process adapter that died
  /// while handling an auth-state change during `wait`; the runner errors the scenario with it at the step
  /// where it shows. nil while all is well (the default).
  var fault: String? { get }
}

// MARK: - Default implementations

extension Machine {
  /// No fault by default.
  public var fault: String? { nil }

  /// Handles no links by default.
  public func openLink(_ link: String) throws { throw MachineError.opensNoLinks }
}
