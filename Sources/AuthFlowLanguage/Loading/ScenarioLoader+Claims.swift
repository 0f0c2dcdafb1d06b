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
      guard case .scalar(let scalar) = entry.value else {
        report(
          .wrongType(
            key: entry.name, expected: "a string, a whole number or true/false",
            found: Self.found(entry.value)),
          at: entry.value)
        continue
      }
      claims[entry.name] = Self.claimValue(scalar)
    }
    return problemCount == before ? claims : nil
  }

  private static func claimValue(_ scalar: YAMLNode.Scalar) -> ClaimValue {
    guard scalar.isPlain else { return .string(scalar.string) }
    switch scalar.string {
    case "true": return .bool(true)
    case "false": return .bool(false)
    default: return Int(scalar.string).map(ClaimValue.integer) ?? .string(scalar.string)
    }
  }
}
