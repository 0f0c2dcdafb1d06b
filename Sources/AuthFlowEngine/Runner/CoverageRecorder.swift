import AuthFlowLanguage

/// The transitions one run exercised, each once, in the order first seen.
struct CoverageRecorder {
  private(set) var transitions: [Transition] = []
  private var seen: Set<Transition> = []

  mutating func record(_ from: Place, _ action: ActionKind, _ to: Place) {
    let transition = Transition(from: from, action: action, to: to)
    if seen.insert(transition).inserted { transitions.append(transition) }
  }
}
