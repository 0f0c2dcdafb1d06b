import AuthFlowLanguage

/// An invariant that did not hold after a step: which one, and what it saw.
///
/// A run keeps it as a value in its ``Failure`` so `explore` and its shrinker ask which invariant broke
/// instead of reading it back out of the failure's text.
public struct InvariantViolation: Equatable, Sendable {
  /// The invariant's name (``Invariant/name``).
  public var invariant: String
  /// What the invariant found, as its check said it.
  public var message: String

  /// A violation of `invariant`, found as `message` says.
  public init(invariant: String, message: String) {
    self.invariant = invariant
    self.message = message
  }

  /// `invariant NAME`: the key a failure shows for it.
  public var key: String { "invariant \(invariant)" }
}
