import AuthFlowLanguage

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
