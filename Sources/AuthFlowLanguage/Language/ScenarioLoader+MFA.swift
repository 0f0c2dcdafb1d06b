extension ScenarioLoader.Document {
  /// `{factor: phone, number}` or `{factor: totp}`: `enroll_mfa`'s argument and a `given.accounts[].mfa` entry.
  /// A number the user types (`typed`, `enroll_mfa`) is any text, as for `sign_in_with_phone`: the backend
  /// answers one that is not E.164 with `invalid-phone-number`; a given one must be E.164.
  mutating func secondFactor(_ node: YAMLNode, key: String, typed: Bool = false) -> SecondFactor? {
    guard let fields = fields(node, key: key, context: key, shape: ScenarioLanguage.secondFactor) else {
      return nil
    }
    guard let kindNode = fields["factor"], let kind = secondFactorKind(kindNode, key: "factor") else {
      return nil
    }
    switch kind {
    case .totp:
      if fields["number"] != nil {
        report(
          .unknownKey(key: "number", context: "a totp factor", suggestion: nil),
          at: fields.keyMark("number") ?? node.mark)
        return nil
      }
      return SecondFactor(.totp)
    case .phone:
      guard let numberNode = fields["number"] else {
        report(.missingKey(key: "number"), at: node)
        return nil
      }
      let number = typed ? nonEmptyString(numberNode, key: "number") : phoneNumber(numberNode, key: "number")
      return number.map { SecondFactor(.phone, number: $0) }
    }
  }

  /// `given.accounts[].mfa`: the account's enrolled factors; a number or `totp` at most once.
  mutating func secondFactors(_ node: YAMLNode, key: String) -> [SecondFactor]? {
    guard let items = list(node, key: key, expected: "a list of {factor: phone, number} or {factor: totp}")
    else { return nil }
    let before = problemCount
    var factors: [SecondFactor] = []
    for item in items {
      guard let factor = secondFactor(item, key: key) else { continue }
      if factors.contains(factor) {
        report(
          .duplicateEntry(kind: "second factor", value: factor.number ?? factor.kind.rawValue, key: key),
          at: item)
        continue
      }
      factors.append(factor)
    }
    return problemCount == before ? factors : nil
  }

  /// `phone` or `totp`.
  mutating func secondFactorKind(_ node: YAMLNode, key: String) -> SecondFactor.Kind? {
    name(node, key: key, kind: "second factor", candidates: ScenarioLanguage.secondFactors.values) {
      SecondFactor.Kind(rawValue: $0)
    }
  }

  /// A list of factor kinds, as `mfa` expectations and the `mfa` knob's `factors` take them.
  mutating func secondFactorKinds(_ node: YAMLNode, key: String) -> [SecondFactor.Kind]? {
    guard let items = list(node, key: key, expected: "a list of phone and totp") else { return nil }
    let before = problemCount
    var kinds: [SecondFactor.Kind] = []
    for item in items {
      guard let kind = secondFactorKind(item, key: key) else { continue }
      if kinds.contains(kind) {
        report(.duplicateEntry(kind: "second factor", value: kind.rawValue, key: key), at: item)
        continue
      }
      kinds.append(kind)
    }
    return problemCount == before ? kinds : nil
  }
}
