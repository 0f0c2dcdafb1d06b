/// `given:`, the world before the first step.
extension ScenarioLoader.Document {
  mutating func given(_ node: YAMLNode) -> Given {
    var given = Given()
    guard let fields = fields(node, key: "given", context: "given", shape: ScenarioLanguage.given) else {
      (accountsKnown, identityProvidersKnown) = (false, false)
      return given
    }
    for key in GivenKeySyntax.all {
      if let node = fields[key.name] { key.read(&self, node, &given) }
    }
    // An account's providers imply its IdP accounts (after `identity_providers`, which may list them too).
    for account in given.accounts {
      guard let email = account.email else { continue }
      for provider in account.providers {
        identityProviderEmails[provider, default: OrderedNames()].insert(email)
      }
    }
    return given
  }

  // MARK: - Accounts

  mutating func accounts(_ node: YAMLNode) -> [AccountSeed] {
    guard let items = list(node, key: "accounts", expected: "a list of accounts") else {
      accountsKnown = false
      return []
    }
    var seeds: [AccountSeed] = []
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
      // The keys that name the account first: a second account of the same name is not read further.
      var seed = AccountSeed(email: nil)
      if let node = fields["email"] {
        AccountFieldSyntax.email.read(&self, node, &seed)
        if let address = seed.email, accountEmails.contains(address) {
          report(.duplicateEntry(kind: "account", value: address, key: "accounts"), at: node)
          continue
        }
      }
      if let node = fields["id"] {
        AccountFieldSyntax.id.read(&self, node, &seed)
        if let id = seed.id, accountIDs.contains(id) {
          report(.duplicateEntry(kind: "account id", value: id, key: "accounts"), at: node)
          continue
        }
      }
      let (address, id) = (seed.email, seed.id)
      // The shape's keys are `AccountFieldSyntax.all`'s, in its order.
      for entry in fields.all where entry.name != "email" && entry.name != "id" {
        guard let place = entry.place else { continue }
        AccountFieldSyntax.all[place].read(&self, entry.value, &seed)
      }
      // One account per number, as production keeps it: a second would make phone sign-in ambiguous.
      if let number = seed.phoneNumber, let node = fields["phone_number"],
        !phoneNumbers.insert(number).inserted
      {
        report(.duplicateEntry(kind: "account phone number", value: number, key: "accounts"), at: node)
      }
      if seed.anonymous {
        // A guest's account has no email or sign-in method: linking one is what upgrades it.
        // Nor a phone number or second factors: a number is a sign-in method (the `phone` provider), and a
        // session that began anonymously cannot enroll a factor (`unsupported-first-factor`).
        for key in ["email", "password", "providers", "phone_number", "mfa"] {
          if let node = fields[key] { report(.conflictingKeys(first: "anonymous", second: key), at: node) }
        }
      }
      if !seed.mfa.isEmpty, !seed.anonymous, seed.email == nil || !seed.emailVerified,
        let node = fields["mfa"]
      {
        report(.secondFactorsNeedVerifiedEmail, at: node)
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
  mutating func accountIDName(_ node: YAMLNode) -> String? {
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
  mutating func linkedProviders(_ node: YAMLNode) -> [ProviderID]? {
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

  mutating func identityProviders(_ node: YAMLNode) -> [ProviderID: [IdentityProviderAccountSeed]] {
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
        let emailNode = fields["email"]
      else { continue }
      // The email names the account first: a second account of the same name is not read further.
      var seed = IdentityProviderAccountSeed(email: "")
      IdentityProviderAccountSyntax.email.read(&self, emailNode, &seed)
      guard !seed.email.isEmpty else { continue }
      if !identityProviderEmails[provider, default: OrderedNames()].insert(seed.email) {
        report(
          .duplicateEntry(kind: "\(provider) account", value: seed.email, key: provider.rawValue),
          at: emailNode)
        continue
      }
      for entry in fields.all where entry.name != "email" {
        guard let place = entry.place else { continue }
        IdentityProviderAccountSyntax.all[place].read(&self, entry.value, &seed)
      }
      seeds.append(seed)
    }
    return seeds
  }

  // MARK: - Signed-in devices

  mutating func signedIn(_ node: YAMLNode) -> [(device: String, account: AccountName)] {
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
