import Yams

/// One key and value of a mapping: the key as text and its position (copying only what is needed).
struct Entry {
  let name: String
  let keyMark: Mark?
  let value: Node
}

/// A mapping's entries whose keys were checked against a schema, in the order written.
struct Fields {
  var node: Node
  var entries: [Entry]

  /// The value of a key, if written.
  subscript(name: String) -> Node? { entries.first { $0.name == name }?.value }

  /// Where a key is written, if it is (checks made on the key itself are reported there).
  func keyMark(_ name: String) -> Mark? { entries.first { $0.name == name }?.keyMark }
}

// MARK: - Places and problems

extension ScenarioLoader.Document {
  static func location(of node: Node, in file: String) -> SourceLocation {
    SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
  }

  func location(_ node: Node) -> SourceLocation { Self.location(of: node, in: file) }

  func location(_ mark: Mark?) -> SourceLocation {
    SourceLocation(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
  }

  mutating func report(_ problem: LoadProblem, at node: Node) {
    problems.append(Located(problem, at: location(node)))
  }

  mutating func report(_ problem: LoadProblem, at mark: Mark?) {
    problems.append(Located(problem, at: location(mark)))
  }

  /// What a node is, for "found …" in a message.
  static func found(_ node: Node) -> LoadProblem.Found {
    switch node {
    case .mapping: .mapping
    case .sequence: .list
    case .scalar(let scalar) where scalar.style == .plain && scalar.string.isEmpty: .nothing
    case .scalar(let scalar) where isNull(scalar): .null
    case .scalar(let scalar): .text(scalar.string)
    case .alias: .nothing
    }
  }

  /// A scalar's text as written; empty for a collection.
  static func text(of node: Node) -> String {
    if case .scalar(let scalar) = node { scalar.string } else { "" }
  }

  /// A plain empty value, `null` or `~`.
  static func isNull(_ scalar: Node.Scalar) -> Bool {
    scalar.style == .plain && (scalar.string.isEmpty || scalar.string == "null" || scalar.string == "~")
  }

  static func isNull(_ node: Node) -> Bool {
    if case .scalar(let scalar) = node { isNull(scalar) } else { false }
  }
}

// MARK: - Mappings and lists

extension ScenarioLoader.Document {
  /// The entries of a mapping, keys as text; reports a non-mapping or a key that is not a name.
  mutating func entries(
    _ node: Node, key: String, expected: String = "a mapping"
  ) -> [Entry]? {
    guard case .mapping(let mapping) = node else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    var entries: [Entry] = []
    entries.reserveCapacity(mapping.count)
    // By index: iterating a Yams mapping copies all its pairs into a new array first.
    for index in mapping.indices {
      let (keyNode, value) = mapping[index]
      guard case .scalar(let scalar) = keyNode else {
        report(.keyNotName(found: Self.found(keyNode)), at: keyNode)
        continue
      }
      entries.append(Entry(name: scalar.string, keyMark: keyNode.mark, value: value))
    }
    return entries
  }

  /// A mapping checked against its schema: unknown keys are reported (with the nearest allowed one) and
  /// left out; a missing required key is reported at the mapping.
  mutating func fields(
    _ node: Node, key: String, expected: String = "a mapping", context: String, allowed: [String],
    required: [String] = []
  ) -> Fields? {
    guard let all = entries(node, key: key, expected: expected) else { return nil }
    var known = Fields(node: node, entries: [])
    for entry in all {
      if allowed.contains(entry.name) {
        known.entries.append(entry)
      } else {
        let suggestion = Suggestion.nearest(to: entry.name, in: allowed)
        report(.unknownKey(key: entry.name, context: context, suggestion: suggestion), at: entry.keyMark)
      }
    }
    for name in required where known[name] == nil {
      report(.missingKey(key: name), at: node)
    }
    return known
  }

  /// The items of a list; reports anything else.
  mutating func list(_ node: Node, key: String, expected: String = "a list") -> Node.Sequence? {
    guard case .sequence(let sequence) = node else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    return sequence
  }

  /// A list of strings, each with its node.
  mutating func strings(_ node: Node, key: String) -> [(text: String, node: Node)]? {
    guard let items = list(node, key: key, expected: "a list of strings") else { return nil }
    var result: [(text: String, node: Node)] = []
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

// MARK: - Scalars

extension ScenarioLoader.Document {
  /// A scalar's text after `${name}` substitution; reports a collection or a null.
  mutating func string(_ node: Node, key: String, expected: String = "a string") -> String? {
    guard case .scalar(let scalar) = node, !Self.isNull(scalar) else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    return substitute(scalar.string, at: node)
  }

  mutating func nonEmptyString(_ node: Node, key: String, expected: String = "a string") -> String? {
    guard let text = string(node, key: key, expected: expected) else { return nil }
    guard !text.isEmpty else {
      report(.emptyValue(key: key), at: node)
      return nil
    }
    return text
  }

  /// `.some(nil)` for a null, where a key may be null.
  mutating func nullableString(_ node: Node, key: String) -> String?? {
    if Self.isNull(node) { return .some(nil) }
    return string(node, key: key, expected: "a string or null").map { .some($0) }
  }

  /// `true` or `false`, plain, and nothing else.
  mutating func bool(_ node: Node, key: String) -> Bool? {
    guard case .scalar(let scalar) = node, scalar.style == .plain, !Self.isNull(scalar) else {
      let found = Self.found(node)
      let quotedBool = found == .text("true") || found == .text("false")
      report(.notBoolean(key: key, found: quotedBool ? .quoted(Self.text(of: node)) : found), at: node)
      return nil
    }
    guard let text = substitute(scalar.string, at: node) else { return nil }
    switch text {
    case "true": return true
    case "false": return false
    default:
      report(.notBoolean(key: key, found: .text(text)), at: node)
      return nil
    }
  }

  /// A plain whole number of at least 0, up to `UInt64.max`.
  mutating func unsigned(_ node: Node, key: String) -> UInt64? {
    func isDigits(_ text: String) -> Bool {
      !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    guard case .scalar(let scalar) = node, scalar.style == .plain, !Self.isNull(scalar) else {
      let found = Self.found(node)
      let quotedNumber = isDigits(Self.text(of: node)) && found != .null
      report(.notInteger(key: key, found: quotedNumber ? .quoted(Self.text(of: node)) : found), at: node)
      return nil
    }
    guard let text = substitute(scalar.string, at: node) else { return nil }
    guard isDigits(text) else {
      report(.notInteger(key: key, found: .text(text)), at: node)
      return nil
    }
    guard let value = UInt64(text) else {
      report(.integerTooLarge(key: key, value: text), at: node)
      return nil
    }
    return value
  }

  /// A plain whole number of at least `minimum`.
  mutating func integer(_ node: Node, key: String, minimum: Int) -> Int? {
    guard let value = unsigned(node, key: key) else { return nil }
    guard value <= Int.max else {
      report(.integerTooLarge(key: key, value: String(value)), at: node)
      return nil
    }
    guard Int(value) >= minimum else {
      report(.integerTooSmall(key: key, value: String(value), minimum: minimum), at: node)
      return nil
    }
    return Int(value)
  }

  mutating func duration(_ node: Node, key: String) -> VirtualDuration? {
    guard let text = string(node, key: key, expected: "a duration") else { return nil }
    guard let duration = VirtualDuration(parsing: text) else {
      report(.badDuration(key: key, value: text), at: node)
      return nil
    }
    return duration
  }

  /// One of a set of names; an unknown one is reported with the nearest candidate, or the full list
  /// when none is near and `listing` is set.
  mutating func name<T>(
    _ node: Node, key: String, kind: String, candidates: [String], listing: Bool = true,
    parse: (String) -> T?
  ) -> T? {
    guard let text = string(node, key: key) else { return nil }
    if let value = parse(text) { return value }
    let suggestion = Suggestion.nearest(to: text, in: candidates)
    let problem = LoadProblem.unknownName(
      kind: kind, value: text, suggestion: suggestion, valid: listing ? candidates : [])
    report(problem, at: node)
    return nil
  }

  /// An identity provider's id (`google.com`, …); `password` is not one.
  mutating func identityProvider(_ node: Node, key: String) -> ProviderID? {
    let candidates = ProviderID.identityProviders.map(\.rawValue)
    return name(node, key: key, kind: "identity provider", candidates: candidates) { text in
      candidates.contains(text) ? ProviderID(rawValue: text) : nil
    }
  }

  /// An error code (`wrong-password`, `auth/wrong-password`, `app/…`), or nil for `none` when allowed.
  mutating func errorCode(_ node: Node, key: String, allowsNone: Bool) -> AuthErrorCode?? {
    let known = AuthErrorCode.known.map(\.rawValue)
    guard let text = string(node, key: key) else { return nil }
    if text == "none" {
      if allowsNone { return .some(nil) }
      report(.noneNotAllowed(key: key), at: node)
      return nil
    }
    if let code = AuthErrorCode(parsing: text) { return .some(code) }
    let bare = text.hasPrefix("auth/") ? String(text.dropFirst(5)) : text
    let suggestion = Suggestion.nearest(to: bare, in: allowsNone ? known + ["none"] : known)
    report(.unknownName(kind: "error code", value: text, suggestion: suggestion, valid: []), at: node)
    return nil
  }
}
