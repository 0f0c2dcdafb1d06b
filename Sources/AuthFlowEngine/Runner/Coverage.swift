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

/// One device action a running app received, from where it was to where it ended up.
public struct Transition: Hashable, Sendable {
  public var from: Place
  public var action: ActionKind
  public var to: Place

  public init(from: Place, action: ActionKind, to: Place) {
    self.from = from
    self.action = action
    self.to = to
  }
}

/// The transitions one run exercised, each once, in the order first seen.
struct CoverageRecorder {
  private(set) var transitions: [Transition] = []
  private var seen: Set<Transition> = []

  mutating func record(_ from: Place, _ action: ActionKind, _ to: Place) {
    let transition = Transition(from: from, action: action, to: to)
    if seen.insert(transition).inserted { transitions.append(transition) }
  }
}
