import AuthFlowLanguage

/// A property that must hold after every step of every run, whatever the scenario: "an app never shows a
/// signed-in user its auth client has signed out", "an action code applies at most once".
///
/// The runner checks each invariant after the step's own expectations pass; one that returns a message fails
/// the scenario at that step with the key `invariant NAME`. `authflow explore` looks for walks that break
/// one. Built-in invariants (``builtIn``) hold for every machine; a machine adds its own through
/// ``MachineDescriptor/invariants``.
///
/// An invariant must hold for a correct machine in every reachable state, mid-flow ones included (a device on
/// a verify screen holds a session; a revoked session is noticed only at the next refresh).
public struct Invariant: Sendable {
  /// A short kebab-case name, printed in failures (`invariant app-follows-session`).
  public var name: String
  /// The bug it catches, in one sentence, for the docs and `authflow explore`'s report.
  public var catches: String
  /// The step actions after which it is checked; nil: after every step (expect-only steps included).
  public var after: Set<ActionKind>?
  /// Returns what is wrong, or nil when the invariant holds.
  public var check: @Sendable (InvariantView) -> String?

  /// An invariant called `name` that catches what `catches` says, checked by `check` after the actions in `after` (every step when nil).
  public init(
    name: String, catches: String, after: Set<ActionKind>? = nil,
    check: @escaping @Sendable (InvariantView) -> String?
  ) {
    self.name = name
    self.catches = catches
    self.after = after
    self.check = check
  }
}
