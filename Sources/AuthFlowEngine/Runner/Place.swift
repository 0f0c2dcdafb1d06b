import AuthFlowLanguage

/// Where an app is: its auth state and screen.
public struct Place: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The app's auth state (`signedIn`), or `notRunning`.
  public var state: String
  /// The app's screen.
  public var screen: String

  /// The app at `screen` in `state`.
  public init(state: String, screen: String) {
    self.state = state
    self.screen = screen
  }

  /// Where an app is after `terminate`.
  public static let notRunning = Place(state: "not running", screen: "not running")

  /// `state on screen`, or just the state when the app is not running.
  public var description: String { self == .notRunning ? state : "\(state) on \(screen)" }

  /// Orders places by state, then screen, as coverage reports list them.
  public static func < (lhs: Place, rhs: Place) -> Bool { (lhs.state, lhs.screen) < (rhs.state, rhs.screen) }
}
