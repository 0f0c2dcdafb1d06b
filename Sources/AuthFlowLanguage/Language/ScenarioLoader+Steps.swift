/// `steps:`: each step is a bare action name or a mapping of one action key plus modifiers.
extension ScenarioLoader.Document {
  static let modifiers = ModifierSyntax.all.map(\.name)
  /// The keys of a step besides its action: `expect` and the modifiers.
  static let stepKeys = ["expect"] + modifiers
  static let actionNames = ActionKind.allCases.map(\.rawValue)

  /// Whether `key` is `expect` or a modifier: a key of the step, not of its action.
  static func isStepKey(_ key: YAMLNode) -> Bool {
    guard case .scalar(let name) = key else { return false }
    return stepKeys.contains(name.string)
  }

  mutating func steps(_ node: YAMLNode) -> [Step]? {
    guard let items = list(node, key: "steps", expected: "a list of steps") else { return nil }
    guard !items.isEmpty else {
      report(.emptyValue(key: "steps"), at: node)
      return nil
    }
    guard items.count <= ScenarioLoader.maximumSteps else {
      report(.tooManySteps(count: items.count, limit: ScenarioLoader.maximumSteps), at: node)
      return nil
    }
    var steps: [Step] = []
    steps.reserveCapacity(items.count)
    var failed = false
    // What loaded of the steps with problems, and where each goes among `steps` (see `partialSteps`).
    var halfReadSteps: [(at: Int, step: Step)] = []
    for item in items {
      // A flow's steps count against the limit too, so flows using flows cannot multiply without bound.
      guard expandedSteps < ScenarioLoader.maximumSteps else {
        report(.tooManySteps(count: expandedSteps + 1, limit: ScenarioLoader.maximumSteps), at: item)
        return nil
      }
      if Self.isUseStep(item) {
        guard let used = useStep(item) else {
          failed = true
          continue
        }
        steps += used
      } else if let step = step(item, number: steps.count + 1) {
        expandedSteps += 1
        steps.append(step)
      } else {
        failed = true
        if let step = halfRead {
          halfReadSteps.append((steps.count, step))
          halfRead = nil
        }
      }
    }
    guard !failed else {
      partialSteps = steps
      for (index, step) in halfReadSteps.reversed() { partialSteps.insert(step, at: index) }
      return nil
    }
    for index in steps.indices { steps[index].number = index + 1 }
    return steps
  }

  /// A step's key that is no action, no modifier and not `expect`: an expectation written at list level
  /// (`- state: signedIn`), the commonest slip, is told where it goes; anything else is an unknown action.
  mutating func reportUnknownStepKey(_ name: String, at key: YAMLMark) {
    if name == "<<" {
      report(.unknownKey(key: name, context: "a step", suggestion: nil), at: key)
      return
    }
    if Expectation.keys.contains(name) {
      report(.expectationAsStep(key: name), at: key)
      return
    }
    let candidates = Self.actionNames + Self.modifiers
    let suggestion = suggestion(for: name, in: candidates)
    report(.unknownName(kind: "action", value: name, suggestion: suggestion, valid: candidates), at: key)
  }

  /// The commonest slip of indentation: an action (or `expect`) with nothing after its colon, and its arguments
  /// (or expectations) written in line with it, as keys of the step. nil when the step is not written so.
  static func linedUpArguments(_ entries: [Entry]) -> (problem: LoadProblem, key: YAMLMark)? {
    // Most steps have no key with nothing after it: they are done with at once.
    guard entries.contains(where: { isNull($0.value) }) else { return nil }
    let strays = entries.filter { !stepKeys.contains($0.name) && ActionSyntax.byName[$0.name] == nil }
    guard !strays.isEmpty else { return nil }
    // `- sign_out:` then `expect:` then `state: …`: the keys belong to the empty key that takes one of them (a
    // misspelt one among them is told once they are indented).
    for owner in entries where isNull(owner.value) {
      let belonging =
        owner.name == "expect"
        ? Expectation.keys : ActionSyntax.byName[owner.name].map { mappingKeys(of: $0.argument) } ?? []
      guard strays.contains(where: { belonging.contains($0.name) }) else { continue }
      let problem = LoadProblem.argumentsLinedUp(
        owner: owner.name, keys: strays.map(\.name), column: Int(owner.keyMark.column) + 2)
      return (problem, strays[0].keyMark)
    }
    return nil
  }

  /// The keys the mapping forms of `shape` take.
  private static func mappingKeys(of shape: ValueShape) -> [String] {
    switch shape {
    case .mapping(let mapping): mapping.keys
    case .either(let forms): forms.flatMap(mappingKeys)
    default: []
    }
  }

  private mutating func step(_ node: YAMLNode, number: Int) -> Step? {
    let stepLocation = location(node)
    switch node {
    case .scalar(let scalar) where Self.modifiers.contains(scalar.string):
      report(.stepHasNoAction, at: node)
      return nil
    case .scalar(let scalar) where !Self.isNull(scalar):
      // `- wait 5m`: an action and its arguments without the colon between them (looked for in the bytes: every
      // bare step of every file comes through here, and no action's name holds a space).
      if let space = scalar.string.utf8.firstIndex(of: 0x20),
        ActionKind(rawValue: String(scalar.string[..<space])) != nil
      {
        report(
          .actionWithoutColon(written: scalar.string, action: String(scalar.string[..<space])), at: node)
        return nil
      }
      let kind = name(node, key: "steps", kind: "action", candidates: Self.actionNames) {
        ActionSyntax.byName[$0]?.kind
      }
      guard let kind else { return nil }
      guard let action = Action.bareAction(kind) else {
        report(.actionNeedsArguments(action: kind.rawValue), at: node)
        return nil
      }
      return Step(number: number, location: stepLocation, action: action, actionLocation: stepLocation)
    case .mapping:
      break
    default:
      report(.wrongType(key: "steps", expected: "an action or a mapping", found: Self.found(node)), at: node)
      return nil
    }
    guard let entries = entries(node, key: "steps") else { return nil }
    if entries.count > 1, let linedUp = Self.linedUpArguments(entries) {
      report(linedUp.problem, at: linedUp.key)
      return nil
    }
    let before = problemCount
    var actionEntry: (syntax: ActionSyntax, key: YAMLMark, value: YAMLNode)?
    var step = Step(number: number, location: stepLocation, action: nil, actionLocation: stepLocation)
    var hasExpect = false
    for entry in entries {
      let (name, key, value) = (entry.name, entry.keyMark, entry.value)
      // Three names, compared before the actions' table is hashed (most keys are actions, and most differ in length).
      if let modifier = ModifierSyntax.all.first(where: { $0.name == name }) {
        modifier.read(&self, value, &step)
        hasExpect = hasExpect || modifier === ModifierSyntax.expect
        continue
      }
      guard let syntax = ActionSyntax.byName[name] else {
        reportUnknownStepKey(name, at: key)
        continue
      }
      if let first = actionEntry {
        report(.twoActions(first: first.syntax.kind.rawValue, second: name), at: key)
      } else {
        actionEntry = (syntax, key, value)
      }
    }
    if let actionEntry {
      step.action = actionEntry.syntax.read(&self, actionEntry.value)
      step.actionLocation = location(actionEntry.key)
      // `network` and `fail_next` may also name their device inside: `network: {online: false, device: laptop}`.
      if actionEntry.syntax.kind == .network || actionEntry.syntax.kind == .failNext,
        case .mapping(let mapping) = actionEntry.value,
        let inner = mapping["device"], let named = self.device(inner, key: "device")
      {
        if let device = step.device, device != named {
          report(.conflictingKeys(first: "device: \(device)", second: "device: \(named)"), at: inner)
        }
        step.device = named
      }
    } else if !hasExpect, problemCount == before {
      report(.stepHasNoAction, at: node)
    }
    guard problemCount == before else {
      halfRead = step
      return nil
    }
    return step
  }
}
