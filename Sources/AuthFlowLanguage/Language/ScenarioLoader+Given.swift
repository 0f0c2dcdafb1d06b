/// `given:`, the world before the first step.
extension ScenarioLoader.Document {
  mutating func given(_ node: YAMLNode) -> Given {
    var given = Given()
    guard let fields = fields(node, key: "given", context: "given", shape: ScenarioLanguage.given) else {
      (accountsKnown, identityProvidersKnown) = (false, false)
      return given
    }
    if let now = fields["now"], let text = string(now, key: "now", expected: "a time") {
      if let time = VirtualTime(parsing: text) {
        given.now = time
      } else {
        report(.badTime(key: "now", value: text), at: now)
      }
    }
    if let accounts = fields["accounts"] { given.accounts = self.accounts(accounts) }
    if let providers = fields["identity_providers"] { given.identityProviders = identityProviders(providers) }
    for account in given.accounts {
      guard let email = account.email else { continue }
      for provider in account.providers {
        identityProviderEmails[provider, default: OrderedNames()].insert(email)
      }
    }
    if let signedIn = fields["signed_in"] { given.signedIn = self.signedIn(signedIn) }
    return given
  }

  // MARK: - Accounts

  private mutating func accounts(_ node: YAMLNode) -> [AccountSeed] {
    guard let items = list(node, key: "accounts", expected: "a list of accounts") else {
      accountsKnown = false
      return []
    }
    var seeds: [AccountSeed] = []
    // One account per number, as production keeps it: a second would make phone sign-in ambiguous.
    var phoneNumbers = Set<String>()
    for item in items {
      guard
        let fields = fields(
          item, key: "accounts", expected: "a list of accounts", context: "account",
          shape: ScenarioLanguage.givenAccount)
      else { continue }
      let before = problemCount
      if fields["email"] == nil, fields["id"] == nil {
        report(.missingOneOfKeys(keys: ["email", "id"]), at: item)
        continue
      }
      let address = fields["email"].flatMap { self.email($0, key: "email") }
      if let address, let emailNode = fields["email"], accountEmails.contains(address) {
        report(.duplicateEntry(kind: "account", value: address, key: "accounts"), at: emailNode)
        continue
      }
      let id = fields["id"].flatMap { accountIDName($0) }
      if let id, let idNode = fields["id"], accountIDs.contains(id) {
        report(.duplicateEntry(kind: "account id", value: id, key: "accounts"), at: idNode)
        continue
      }
      var seed = AccountSeed(email: address)
      seed.id = id
      for entry in fields.entries {
        let (name, value) = (entry.name, entry.value)
        switch name {
        case "password":
          readPassword(value, key: name).map { seed.password = $0 }
        case "email_verified": bool(value, key: name).map { seed.emailVerified = $0 }
        case "display_name": nullableString(value, key: name).map { seed.displayName = $0 }
        case "providers": linkedProviders(value).map { seed.providers = $0 }
        case "disabled": bool(value, key: name).map { seed.disabled = $0 }
        case "photo_url": nullableString(value, key: name).map { seed.photoURL = $0 }
        case "claims": claims(value, key: name).map { seed.claims = $0 }
        case "anonymous": bool(value, key: name).map { seed.anonymous = $0 }
        case "phone_number":
          guard let number = phoneNumber(value, key: name) else { continue }
          guard phoneNumbers.insert(number).inserted else {
            report(.duplicateEntry(kind: "account phone number", value: number, key: "accounts"), at: value)
            continue
          }
          seed.phoneNumber = number
        case "mfa": secondFactors(value, key: name).map { seed.mfa = $0 }
        case "email", "id": continue  // read above
        // A key the language lists but this switch does not read is refused, never dropped.
        default: report(.unknownKey(key: name, context: "account", suggestion: nil), at: entry.keyMark)
        }
      }
      if seed.anonymous {
        // A guest's account has no email or sign-in method: linking one is what upgrades it.
        // Nor a phone number or second factors: a number is a sign-in method (the `phone` provider), and a
        // session that began anonymously cannot enroll a factor (`unsupported-first-factor`).
        for key in ["email", "password", "providers", "phone_number", "mfa"] {
          if let node = fields[key] { report(.conflictingKeys(first: "anonymous", second: key), at: node) }
        }
      }
      if let address { accountEmails.insert(address) }
      if let id { accountIDs.insert(id) }
      if seed.disabled {
        for name in [address.map(AccountName.email), id.map(AccountName.id)].compactMap(\.self) {
          disabledAccounts.insert(name.description)
        }
      }
      if problemCount == before { seeds.append(seed) }
    }
    return seeds
  }

  /// An E.164 phone number (`+15555550100`), as given accounts and `test_phone_numbers` hold them.
  mutating func phoneNumber(_ node: YAMLNode, key: String) -> String? {
    guard let text = string(node, key: key) else { return nil }
    guard PhoneNumber.isValid(text) else {
      report(
        .wrongType(key: key, expected: "an E.164 phone number such as +15555550100", found: .text(text)),
        at: node)
      return nil
    }
    return text
  }

  /// A `given.accounts` id: a plain name, never an address (`signed_in` tells the two apart by the `@`).
  private mutating func accountIDName(_ node: YAMLNode) -> String? {
    guard let id = nonEmptyString(node, key: "id") else { return nil }
    guard !id.contains("@") else {
      report(
        .wrongType(
          key: "id", expected: "a name without '@' (an email names an account by itself)", found: .text(id)),
        at: node)
      return nil
    }
    return id
  }

  /// An account's federated providers: identity providers only, each once.
  private mutating func linkedProviders(_ node: YAMLNode) -> [ProviderID]? {
    guard let items = list(node, key: "providers", expected: "a list of identity providers") else {
      return nil
    }
    var providers: [ProviderID] = []
    for item in items {
      if Self.text(of: item) == ProviderID.password.rawValue {
        report(.passwordIsNotAnIdentityProvider(key: "providers"), at: item)
      } else if let provider = identityProvider(item, key: "providers") {
        if providers.contains(provider) {
          report(.duplicateEntry(kind: "provider", value: provider.rawValue, key: "providers"), at: item)
        } else {
          providers.append(provider)
        }
      }
    }
    return providers
  }

  /// An email that must look like one (`local@domain.tld`), lowercased.
  mutating func email(_ node: YAMLNode, key: String) -> String? {
    guard let text = string(node, key: key) else { return nil }
    guard EmailAddress.isValid(text) else {
      report(.notAnEmail(key: key, value: text), at: node)
      return nil
    }
    return text.lowercased()
  }

  // MARK: - Identity providers

  private mutating func identityProviders(_ node: YAMLNode) -> [ProviderID: [IdentityProviderAccountSeed]] {
    guard let entries = entries(node, key: "identity_providers") else {
      identityProvidersKnown = false
      return [:]
    }
    let candidates = ScenarioLanguage.identityProviders.values
    var result: [ProviderID: [IdentityProviderAccountSeed]] = [:]
    for entry in entries {
      let (name, key, value) = (entry.name, entry.keyMark, entry.value)
      guard candidates.contains(name) else {
        let suggestion = suggestion(for: name, in: candidates)
        report(
          .unknownName(kind: "identity provider", value: name, suggestion: suggestion, valid: candidates),
          at: key)
        identityProvidersKnown = false
        continue
      }
      let provider = ProviderID(rawValue: name)
      result[provider] = identityProviderAccounts(value, provider: provider)
    }
    return result
  }

  private mutating func identityProviderAccounts(_ node: YAMLNode, provider: ProviderID)
    -> [IdentityProviderAccountSeed]
  {
    let expected = "a list of \(provider) accounts"
    guard let items = list(node, key: provider.rawValue, expected: expected) else { return [] }
    var seeds: [IdentityProviderAccountSeed] = []
    for item in items {
      guard
        let fields = fields(
          item, key: provider.rawValue, expected: expected, context: "\(provider) account",
          shape: ScenarioLanguage.identityProviderAccount),
        let emailNode = fields["email"], let email = email(emailNode, key: "email")
      else { continue }
      if !identityProviderEmails[provider, default: OrderedNames()].insert(email) {
        report(
          .duplicateEntry(kind: "\(provider) account", value: email, key: provider.rawValue), at: emailNode)
        continue
      }
      var seed = IdentityProviderAccountSeed(email: email)
      if let name = fields["name"] { nullableString(name, key: "name").map { seed.name = $0 } }
      if let verified = fields["email_verified"] {
        seed.emailVerified = bool(verified, key: "email_verified")
      }
      seeds.append(seed)
    }
    return seeds
  }

  // MARK: - Signed-in devices

  private mutating func signedIn(_ node: YAMLNode) -> [(device: String, account: AccountName)] {
    guard let entries = entries(node, key: "signed_in") else { return [] }
    var result: [(device: String, account: AccountName)] = []
    for entry in entries {
      let (device, key, value) = (entry.name, entry.keyMark, entry.value)
      if devicesKnown, !devices.contains(device) {
        let suggestion = suggestion(for: device, in: devices.names)
        report(.unknownDevice(value: device, suggestion: suggestion, declared: devices.names), at: key)
      }
      guard let text = string(value, key: device, expected: "an email or an account id") else { continue }
      // An email names an account by itself; anything else is a given account's id.
      let account: AccountName = text.contains("@") ? .email(text.lowercased()) : .id(text)
      let (declared, name, kind) =
        switch account {
        case .email(let email): (accountEmails, email, "account")
        case .id(let id): (accountIDs, id, "account id")
        }
      if declared.contains(name) {
        if disabledAccounts.contains(account.description) {
          report(.signedInAccountDisabled(device: device, email: text), at: value)
        }
      } else if accountsKnown {
        let suggestion = suggestion(for: name, in: declared.names)
        report(
          .unknownName(kind: kind, value: text, suggestion: suggestion, valid: declared.names), at: value)
      }
      result.append((device, account))
    }
    return result
  }
}
