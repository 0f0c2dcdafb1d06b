extension ScenarioLoader.Document {
  /// A mapping of custom claims: each value a string, a whole number or `true`/`false` (a quoted value is
  /// always a string); names Firebase reserves are refused.
  mutating func claims(_ node: YAMLNode, key: String) -> [String: ClaimValue]? {
    let before = problemCount
    guard let entries = entries(node, key: key, expected: "a mapping of claims") else { return nil }
    var claims: [String: ClaimValue] = [:]
    for entry in entries {
      if ClaimValue.reservedNames.contains(entry.name) {
        report(.reservedClaim(name: entry.name), at: entry.keyMark)
        continue
      }
      guard case .scalar(let scalar) = entry.value, !Self.isNull(scalar) else {
        report(
          .wrongType(
            key: entry.name, expected: "a string, a whole number or true/false",
            found: Self.found(entry.value)),
          at: entry.value)
        continue
      }
      guard let value = claimValue(scalar, name: entry.name, at: entry.value) else { continue }
      claims[entry.name] = value
    }
    return problemCount == before ? claims : nil
  }

  /// Claims an account holds (`given` accounts, `admin: {set_claims: …}`): ``claims(_:key:)``, and at most
  /// ``ClaimValue/maximumSize`` bytes as compact JSON, which the Admin SDK checks before it sends them
  /// (`claims-too-large`).
  mutating func accountClaims(_ node: YAMLNode, key: String) -> [String: ClaimValue]? {
    guard let claims = claims(node, key: key) else { return nil }
    let size = ClaimValue.size(of: claims)
    guard size <= ClaimValue.maximumSize else {
      report(.claimsTooLarge(bytes: size, limit: ClaimValue.maximumSize), at: node)
      return nil
    }
    return claims
  }

  /// A plain scalar YAML reads as a number is a whole number that fits 64 bits, or refused: a fraction
  /// (`2.5`, `1e3`) or a number past the range would otherwise turn into a string without a word. Quoted, any
  /// text is a string.
  private mutating func claimValue(_ scalar: YAMLNode.Scalar, name: String, at node: YAMLNode) -> ClaimValue?
  {
    guard scalar.isPlain else { return .string(scalar.string) }
    let text = scalar.string
    switch text {
    case "true": return .bool(true)
    case "false": return .bool(false)
    default: break
    }
    if let number = Int(text) { return .integer(number) }
    guard Self.looksNumeric(text) else { return .string(text) }
    if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }) {
      report(.integerTooLarge(key: name, value: text), at: node)
    } else {
      report(
        .wrongType(
          key: name, expected: "a string, a whole number or true/false (quote a fraction to keep it text)",
          found: .text(text)),
        at: node)
    }
    return nil
  }

  /// Whether YAML's core schema reads `text` as a number: an integer, a decimal fraction or an exponent form,
  /// `.inf` or `.nan`.
  private static func looksNumeric(_ text: String) -> Bool {
    let lowered = text.lowercased()
    if [".inf", "+.inf", "-.inf", ".nan"].contains(lowered) { return true }
    var rest = Substring(lowered)
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    let mantissa = rest.prefix { $0 != "e" }
    let exponent = rest.dropFirst(mantissa.count)
    let digits = mantissa.filter { $0 != "." }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      mantissa.filter({ $0 == "." }).count <= 1
    else {
      return false
    }
    guard !exponent.isEmpty else { return true }
    var power = exponent.dropFirst()
    if power.first == "-" || power.first == "+" { power = power.dropFirst() }
    return !power.isEmpty && power.allSatisfy { $0.isASCII && $0.isNumber }
  }
}
