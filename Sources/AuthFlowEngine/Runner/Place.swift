import AuthFlowLanguage

/// Where an app is: its auth state and screen.
public struct Place: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var state: String
  public var screen: String

  public init(state: String, screen: String) {
    self.state = state
    self.screen = screen
  }

  /// Where an app is after `terminate`.
  public static let notRunning = Place(state: "not running", screen: "not running")

  public var description: String { self == .notRunning ? state : "\(state) on \(screen)" }

  public static func < (lhs: Place, rhs: Place) -> Bool { (lhs.state, lhs.screen) < (rhs.state, rhs.screen) }
}
