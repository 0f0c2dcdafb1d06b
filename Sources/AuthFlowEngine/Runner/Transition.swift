import AuthFlowLanguage

/// One device action a running app received, from where it was to where it ended up.
public struct Transition: Hashable, Sendable {
  /// Where the app was before the action.
  public var from: Place
  /// The action it received.
  public var action: ActionKind
  /// Where the app was after it.
  public var to: Place

  /// The app went from `from` to `to` on `action`.
  public init(from: Place, action: ActionKind, to: Place) {
    self.from = from
    self.action = action
    self.to = to
  }
}
