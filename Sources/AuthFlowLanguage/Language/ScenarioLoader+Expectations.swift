/// `expect:` mappings (SPEC 2.4): each key is one check, placed at its key (`ui`: one per entry), read by its
/// `ExpectSyntax`.
extension ScenarioLoader.Document {
  mutating func expectations(_ node: YAMLNode) -> [Expectation] {
    guard let fields = fields(node, key: "expect", context: "expect", shape: ScenarioLanguage.expectation)
    else {
      return []
    }
    if case .mapping(let mapping) = node, mapping.isEmpty { report(.emptyExpect, at: node) }
    var expectations: [Expectation] = []
    // One per key, but for `ui`, which has one per name.
    expectations.reserveCapacity(fields.entries.count)
    // The shape's keys are `ExpectSyntax.all`'s, in its order.
    for entry in fields.all {
      guard let place = entry.place else { continue }
      ExpectSyntax.readers[place](&self, entry.value, location(entry.keyMark), &expectations)
    }
    return expectations
  }

  /// `none`, or a mapping of what the auth client's user must show.
  mutating func user(_ node: YAMLNode) -> UserExpectation?? {
    if case .scalar = node {
      guard let text = string(node, key: "user", expected: "'none' or a mapping") else { return nil }
      guard text == "none" else {
        report(.wrongType(key: "user", expected: "'none' or a mapping", found: .text(text)), at: node)
        return nil
      }
      return .some(nil)
    }
    let expected = "'none' or a mapping"
    guard
      let fields = fields(
        node, key: "user", expected: expected, context: "user", shape: ScenarioLanguage.user)
    else {
      return nil
    }
    var user = UserExpectation()
    if let email = fields["email"] { user.email = string(email, key: "email") }
    if let verified = fields["email_verified"] { user.emailVerified = bool(verified, key: "email_verified") }
    if let name = fields["display_name"] { user.displayName = nullableString(name, key: "display_name") }
    if let providers = fields["providers"] { user.providers = providerSet(providers) }
    if let anonymous = fields["anonymous"] { user.anonymous = bool(anonymous, key: "anonymous") }
    if let photo = fields["photo_url"] { user.photoURL = nullableString(photo, key: "photo_url") }
    if let phone = fields["phone_number"] { user.phoneNumber = nullableString(phone, key: "phone_number") }
    if let mfa = fields["mfa"] { user.mfa = secondFactorKinds(mfa, key: "mfa").map(Set.init) }
    if let claims = fields["claims"] { user.claims = self.claims(claims, key: "claims") }
    return .some(user)
  }

  mutating func account(_ node: YAMLNode) -> AccountExpectation? {
    let before = problemCount
    guard
      let fields = fields(
        node, key: "account", context: "account", shape: ScenarioLanguage.accountExpectation)
    else { return nil }
    // `device` or `id` names the account, and then `email` is checked; otherwise `email` names it.
    let names = ["device", "id"].filter { fields[$0] != nil }
    if names.count == 2 {
      report(.conflictingKeys(first: names[0], second: names[1]), at: node)
      return nil
    }
    var account = AccountExpectation(email: "")
    if let email = fields["email"] {
      guard let email = string(email, key: "email") else { return nil }
      account.email = email
    }
    switch names.first {
    case "device":
      guard let device = fields["device"].flatMap({ self.device($0, key: "device") }) else { return nil }
      account.device = device
    case "id":
      guard let id = fields["id"].flatMap({ accountID($0, key: "id") }) else { return nil }
      account.id = id
    default:
      guard fields["email"] != nil else {
        report(.missingOneOfKeys(keys: ["email", "device", "id"]), at: node)
        return nil
      }
    }
    if let exists = fields["exists"] { bool(exists, key: "exists").map { account.exists = $0 } }
    if let verified = fields["email_verified"] {
      account.emailVerified = bool(verified, key: "email_verified")
    }
    if let providers = fields["providers"] { account.providers = providerSet(providers) }
    if let disabled = fields["disabled"] { account.disabled = bool(disabled, key: "disabled") }
    if let anonymous = fields["anonymous"] { account.anonymous = bool(anonymous, key: "anonymous") }
    if let name = fields["display_name"] { account.displayName = nullableString(name, key: "display_name") }
    if let photo = fields["photo_url"] { account.photoURL = nullableString(photo, key: "photo_url") }
    if let phone = fields["phone_number"] { account.phoneNumber = nullableString(phone, key: "phone_number") }
    if let mfa = fields["mfa"] { account.mfa = secondFactorKinds(mfa, key: "mfa").map(Set.init) }
    if let claims = fields["claims"] { account.claims = self.claims(claims, key: "claims") }
    return problemCount == before ? account : nil
  }

  mutating func sms(_ node: YAMLNode) -> SMSExpectation? {
    guard let fields = fields(node, key: "sms", context: "sms", shape: ScenarioLanguage.sms) else {
      return nil
    }
    guard let to = fields["to"].flatMap({ string($0, key: "to") }) else { return nil }
    var sms = SMSExpectation(to: to)
    if let count = fields["count"] {
      guard let count = integer(count, key: "count", minimum: 0) else { return nil }
      sms.count = count
    }
    return sms
  }

  mutating func mail(_ node: YAMLNode) -> MailExpectation? {
    let before = problemCount
    guard
      let fields = fields(
        node, key: "mail", context: "mail", shape: ScenarioLanguage.mail)
    else { return nil }
    let to = fields["to"].flatMap { string($0, key: "to") }
    let kind = fields["kind"].flatMap {
      name($0, key: "kind", kind: "mail kind", candidates: ScenarioLanguage.mailKinds.values) {
        MailKind(rawValue: $0)
      }
    }
    let count = fields["count"].flatMap { integer($0, key: "count", minimum: 0) }
    guard let to, let kind, problemCount == before else { return nil }
    return MailExpectation(to: to, kind: kind, count: count)
  }

  /// Provider ids compared as a set; `password` included.
  private mutating func providerSet(_ node: YAMLNode) -> Set<ProviderID>? {
    guard let items = list(node, key: "providers", expected: "a list of provider ids") else { return nil }
    let candidates = ScenarioLanguage.providers.values
    var providers: Set<ProviderID> = []
    for item in items {
      let provider = name(item, key: "providers", kind: "provider", candidates: candidates) {
        candidates.contains($0) ? ProviderID(rawValue: $0) : nil
      }
      if let provider { providers.insert(provider) }
    }
    return providers
  }

  mutating func signedInDevices(_ node: YAMLNode) -> [String]? {
    guard let items = list(node, key: "signed_in_devices", expected: "a list of devices") else { return nil }
    let before = problemCount
    let names = items.compactMap { device($0, key: "signed_in_devices") }
    return problemCount == before ? names : nil
  }
}
