// Positions, problems and the shape of mappings and lists.

// MARK: - Places and problems

extension ScenarioLoader.Document {
  static func location(of node: YAMLNode, in file: String) -> SourceLocation {
    YAMLReader.location(node.mark, in: file)
  }

  func location(_ node: YAMLNode) -> SourceLocation { Self.location(of: node, in: file) }

  func location(_ mark: YAMLMark) -> SourceLocation { YAMLReader.location(mark, in: file) }

  mutating func report(_ problem: LoadProblem, at node: YAMLNode) {
    record(problem, at: location(node))
  }

  mutating func report(_ problem: LoadProblem, at mark: YAMLMark) {
    record(problem, at: location(mark))
  }

  /// Keeps the first `maximumProblems` problems, then one saying that more were left out.
  mutating func record(_ problem: LoadProblem, at location: SourceLocation) {
    // Inside a flow, the problem is placed in the flow file and names the scenario's `use:` step.
    let problem =
      flowStack.first.map { LoadProblem.inFlow(problem, usedAt: $0.usedAt.description) } ?? problem
    problemCount += 1
    if problemCount <= ScenarioLoader.maximumProblems {
      problems.append(Located(problem, at: location))
    } else if problemCount == ScenarioLoader.maximumProblems + 1 {
      problems.append(Located(.tooManyProblems(limit: ScenarioLoader.maximumProblems), at: location))
    }
  }

  /// The nearest candidate to a mistyped name, while that is cheap: not past the first hundred problems,
  /// among at most a thousand candidates, for a word that could be a typo.
  func suggestion(for word: String, in candidates: [String]) -> String? {
    guard problemCount < 100, candidates.count <= 1_000, word.utf8.count <= 256 else { return nil }
    return Suggestion.close(to: word, in: candidates)
  }

  /// Takes `count` values from the file's budget; false (reported once) when it is spent.
  mutating func spend(_ count: Int, at node: YAMLNode) -> Bool {
    budget.values -= count
    guard budget.values < 0 else { return true }
    if budget.values + count >= 0 { report(.tooManyValues(limit: ScenarioLoader.maximumValues), at: node) }
    return false
  }

  /// What a node is, for "found …" in a message.
  static func found(_ node: YAMLNode) -> LoadProblem.Found {
    switch node {
    case .mapping: .mapping
    case .sequence: .list
    case .scalar(let scalar) where scalar.isPlain && scalar.string.isEmpty: .nothing
    case .scalar(let scalar) where isNull(scalar): .null
    case .scalar(let scalar): .text(scalar.string)
    }
  }

  /// A scalar's text as written; empty for a collection.
  static func text(of node: YAMLNode) -> String {
    if case .scalar(let scalar) = node { scalar.string } else { "" }
  }

  /// A plain empty value, `null` or `~`.
  static func isNull(_ scalar: YAMLNode.Scalar) -> Bool {
    scalar.isPlain && (scalar.string.isEmpty || scalar.string == "null" || scalar.string == "~")
  }

  static func isNull(_ node: YAMLNode) -> Bool {
    if case .scalar(let scalar) = node { isNull(scalar) } else { false }
  }
}

// MARK: - Mappings and lists

extension ScenarioLoader.Document {
  /// The entries of a mapping, keys as text; reports a non-mapping or a key that is not a name.
  mutating func entries(
    _ node: YAMLNode, key: String, expected: String = "a mapping"
  ) -> [Entry]? {
    guard case .mapping(let mapping) = node else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    guard spend(mapping.count, at: node) else { return nil }
    var entries: [Entry] = []
    entries.reserveCapacity(mapping.count)
    for pair in mapping.pairs {
      guard case .scalar(let scalar) = pair.key else {
        report(.keyNotName(found: Self.found(pair.key)), at: pair.key)
        continue
      }
      entries.append(Entry(name: scalar.string, keyMark: pair.key.mark, value: pair.value))
    }
    return entries
  }

  /// A mapping checked against its schema: unknown keys are reported (with the nearest allowed one, whose place a
  /// misspelt key takes when it is not written itself); a missing required key is reported at the mapping.
  mutating func fields(
    _ node: YAMLNode, key: String, expected: String = "a mapping", context: String, allowed: [String],
    required: [String] = [], shapeName: String? = nil
  ) -> Fields? {
    // As `entries` reads them (keys that are not names reported first), without building that list: every
    // mapping of every file comes through here.
    guard case .mapping(let mapping) = node else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    guard spend(mapping.count, at: node) else { return nil }
    for pair in mapping.pairs {
      if case .scalar = pair.key { continue }
      report(.keyNotName(found: Self.found(pair.key)), at: pair.key)
    }
    var known = Fields(
      node: node, accepted: allowed,
      noting: keyReads.map { KeyReads.Mapping(name: shapeName ?? context, accepted: allowed, reads: $0) })
    known.reserveCapacity(mapping.count)
    for pair in mapping.pairs {
      guard case .scalar(let name) = pair.key else { continue }
      let value = pair.value
      if let place = allowed.firstIndex(of: name.string) {
        known.append(Entry(name: name.string, keyMark: name.mark, value: value, place: place))
      } else if Self.stepKeys.contains(name.string), context == "use" || ActionKind(rawValue: context) != nil
      {
        // `expect:` indented under the action's arguments: it belongs to the step.
        report(.stepKeyInArguments(key: name.string, action: context), at: name.mark)
      } else if context == "scenario", Self.stepKeys.contains(name.string) {
        report(.stepKeyInScenario(key: name.string), at: name.mark)
      } else {
        let suggestion = suggestion(for: name.string, in: allowed)
        report(.unknownKey(key: name.string, context: context, suggestion: suggestion), at: name.mark)
        // A misspelt key (`stpes:`) stands in for the one it suggests, when that one is not written too: its value
        // is read as that key's, so the mistakes inside it are told now rather than after the spelling is fixed
        // (and the key is not reported missing as well).
        if let suggestion, let place = allowed.firstIndex(of: suggestion), mapping[suggestion] == nil,
          known[suggestion] == nil
        {
          known.append(Entry(name: suggestion, keyMark: name.mark, value: value, place: place))
        }
      }
    }
    for name in required where known[name] == nil {
      report(.missingKey(key: name), at: node)
    }
    return known
  }

  /// A mapping checked against the keys and required keys of its shape in ``ScenarioLanguage``.
  mutating func fields(
    _ node: YAMLNode, key: String, expected: String = "a mapping", context: String, shape: MappingShape
  ) -> Fields? {
    fields(
      node, key: key, expected: expected, context: context, allowed: shape.keys, required: shape.required,
      shapeName: shape.name)
  }

  /// The items of a list; reports anything else.
  mutating func list(_ node: YAMLNode, key: String, expected: String = "a list") -> [YAMLNode]? {
    guard case .sequence(let sequence) = node else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    guard spend(sequence.items.count, at: node) else { return nil }
    return sequence.items
  }

  /// A list of strings, each with its node.
  mutating func strings(_ node: YAMLNode, key: String) -> [(text: String, node: YAMLNode)]? {
    guard let items = list(node, key: key, expected: "a list of strings") else { return nil }
    var result: [(text: String, node: YAMLNode)] = []
    var failed = false
    for item in items {
      if let text = string(item, key: key, expected: "a list of strings") {
        result.append((text, item))
      } else {
        failed = true
      }
    }
    return failed ? nil : result
  }
}
