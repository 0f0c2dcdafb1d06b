/// Reading scalars strictly: plain `true`/`false`, plain digits, durations, names from a fixed set.
extension ScenarioLoader.Document {
  /// A scalar's text after `${name}` substitution; reports a collection or a null.
  mutating func string(_ node: YAMLNode, key: String, expected: String = "a string") -> String? {
    guard case .scalar(let scalar) = node, !Self.isNull(scalar) else {
      report(.wrongType(key: key, expected: expected, found: Self.found(node)), at: node)
      return nil
    }
    return substitute(scalar.string, at: node)
  }

  mutating func nonEmptyString(_ node: YAMLNode, key: String, expected: String = "a string") -> String? {
    guard let text = string(node, key: key, expected: expected) else { return nil }
    guard !text.isEmpty else {
      report(.emptyValue(key: key), at: node)
      return nil
    }
    return text
  }

  /// A string shown on one line of every output (a name, a tag, a note): a control character in it is a
  /// problem, so that no scenario file can add lines to a report or a CI log (`::error …`) or drive a
  /// terminal. `lineBreaks` allows line feeds and tabs, for free text.
  mutating func printable(_ text: String, key: String, at node: YAMLNode, lineBreaks: Bool = false) -> String?
  {
    guard PlainText.holdsControl(text, allowingLineBreaks: lineBreaks) else { return text }
    let allowed: Set<Unicode.Scalar> = lineBreaks ? ["\n", "\t"] : []
    guard let bad = text.unicodeScalars.first(where: { PlainText.isControl($0) && !allowed.contains($0) })
    else { return text }
    report(
      .controlCharacterInText(key: key, value: text, character: PlainText.visible(String(bad))), at: node)
    return nil
  }

  /// `.some(nil)` for a null, where a key may be null.
  mutating func nullableString(_ node: YAMLNode, key: String) -> String?? {
    if Self.isNull(node) { return .some(nil) }
    return string(node, key: key, expected: "a string or null").map { .some($0) }
  }

  /// `true` or `false`, plain, and nothing else.
  mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
    guard case .scalar(let scalar) = node, scalar.isPlain || isWholeVariable(scalar), !Self.isNull(scalar)
    else {
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

  /// Whether a quoted scalar is wholly one `${name}`: then it takes the variable's type, as unquoted it would
  /// (SPEC §11), since YAML needs the quotes in a flow mapping (`{online: "${on}"}`).
  func isWholeVariable(_ scalar: YAMLNode.Scalar) -> Bool {
    guard substitutesVariables else { return false }
    let text = scalar.string.utf8
    guard text.count > 3, text.starts(with: "${".utf8), text.last == UInt8(ascii: "}") else { return false }
    return !text.dropFirst(2).dropLast().contains { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "$") }
  }

  /// A plain whole number of at least 0, up to `UInt64.max`.
  mutating func unsigned(_ node: YAMLNode, key: String) -> UInt64? {
    func isDigits(_ text: String) -> Bool {
      !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
    guard case .scalar(let scalar) = node, scalar.isPlain || isWholeVariable(scalar), !Self.isNull(scalar)
    else {
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
  mutating func integer(_ node: YAMLNode, key: String, minimum: Int) -> Int? {
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

  mutating func duration(_ node: YAMLNode, key: String) -> VirtualDuration? {
    guard let text = string(node, key: key, expected: "a duration") else { return nil }
    guard let duration = VirtualDuration(parsing: text) else {
      if VirtualDuration.seconds(writtenAs: text) != nil {
        report(
          .durationTooLong(key: key, value: text, maximum: VirtualDuration.maximum.description), at: node)
      } else {
        report(.badDuration(key: key, value: text), at: node)
      }
      return nil
    }
    return duration
  }

  /// One of a set of names; an unknown one is reported with the nearest candidate, or the full list
  /// when none is near and `listing` is set.
  mutating func name<T>(
    _ node: YAMLNode, key: String, kind: String, candidates: [String], listing: Bool = true,
    parse: (String) -> T?
  ) -> T? {
    guard let text = string(node, key: key) else { return nil }
    if let value = parse(text) { return value }
    let suggestion = suggestion(for: text, in: candidates)
    let problem = LoadProblem.unknownName(
      kind: kind, value: text, suggestion: suggestion, valid: listing ? candidates : [])
    report(problem, at: node)
    return nil
  }

  /// An identity provider's id (`google.com`, …); `password` is not one.
  mutating func identityProvider(_ node: YAMLNode, key: String) -> ProviderID? {
    let candidates = ScenarioLanguage.identityProviders.values
    return name(node, key: key, kind: "identity provider", candidates: candidates) { text in
      candidates.contains(text) ? ProviderID(rawValue: text) : nil
    }
  }

  /// An error code (`wrong-password`, `auth/wrong-password`, `app/…`), or nil for `none` when allowed.
  mutating func errorCode(_ node: YAMLNode, key: String, allowsNone: Bool) -> AuthErrorCode?? {
    guard let text = string(node, key: key) else { return nil }
    if text == "none" {
      if allowsNone { return .some(nil) }
      report(.noneNotAllowed(key: key), at: node)
      return nil
    }
    if let code = AuthErrorCode(parsing: text) { return .some(code) }
    let bare = text.hasPrefix("auth/") ? String(text.dropFirst(5)) : text
    let known = AuthErrorCode.known.map(\.rawValue)
    let suggestion = suggestion(for: bare, in: allowsNone ? known + ["none"] : known)
    report(.unknownName(kind: "error code", value: text, suggestion: suggestion, valid: []), at: node)
    return nil
  }
}
