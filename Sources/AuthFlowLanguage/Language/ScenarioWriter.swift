/// Writes a `Scenario` as a scenario file in the language of SPEC section 2 — the file `authflow explore`
/// leaves behind, readable by people and loaded back by `ScenarioLoader` as the same scenario (variables
/// already substituted; source positions are those of the new file).
public enum ScenarioWriter {
  /// `scenario` as a YAML document the loader reads back to the same scenario.
  public static func yaml(_ scenario: Scenario) -> String {
    var lines = ["version: \(Scenario.languageVersion)", "scenario: \(YAMLText.scalar(scenario.name))"]
    if let description = scenario.description {
      lines.append("description: " + YAMLText.folded(description, indent: "  "))
    }
    if !scenario.tags.isEmpty {
      lines.append("tags: " + YAMLText.list(scenario.tags.map { YAMLText.scalar($0) }))
    }
    if let reproduces = scenario.reproduces { lines.append("reproduces: " + YAMLText.quoted(reproduces)) }
    if let machine = scenario.machine {
      lines.append("machine: " + YAMLText.scalar(machine.value.description))
    }
    if let seed = scenario.seed { lines.append("seed: \(seed)") }
    if scenario.strict { lines.append("strict: true") }
    lines += backend(scenario.backend)
    lines += given(scenario.given)
    if scenario.devices != ["phone"] {
      lines.append("devices: " + YAMLText.list(scenario.devices.map { YAMLText.scalar($0) }))
    }
    lines.append("steps:")
    for step in scenario.steps { lines += self.step(step) }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Backend and given

  private static func backend(_ settings: BackendSettings) -> [String] {
    let defaults = BackendSettings()
    var knobs: [String] = []
    for knob in BackendSettings.knobs where knob.value(settings) != knob.value(defaults) {
      knobs.append("  \(knob.name): \(yaml(knob.value(settings)))")
    }
    return knobs.isEmpty ? [] : ["backend:"] + knobs
  }

  /// A knob's value as the loader reads it back.
  private static func yaml(_ value: BackendSettings.KnobValue) -> String {
    switch value {
    case .boolean(let flag): String(flag)
    case .duration(let duration): "\(duration)"
    case .integer(let number): "\(number)"
    case .sendLimit(let limit): YAMLText.flow([("count", "\(limit.count)"), ("per", "\(limit.per)")])
    case .trustedProviders(let list): YAMLText.list(list.map { YAMLText.scalar($0.description) })
    case .names(let names): YAMLText.list(names.map { YAMLText.scalar($0) })
    case .mfa(let mfa):
      YAMLText.flow([
        ("enabled", "\(mfa.enabled)"),
        ("factors", YAMLText.list(mfa.factors.map { YAMLText.scalar($0.rawValue) })),
      ])
    case .phoneCodes(let codes):
      YAMLText.flow(codes.keys.sorted().map { (YAMLText.quoted($0), YAMLText.quoted(codes[$0] ?? "")) })
    }
  }

  private static func given(_ given: Given) -> [String] {
    func text(_ value: String) -> String { YAMLText.scalar(value, substituted: true) }
    var lines: [String] = []
    if given.now != .defaultStart { lines.append("  now: " + YAMLText.quoted(given.now.description)) }
    if !given.accounts.isEmpty {
      lines.append("  accounts:")
      for account in given.accounts {
        var pairs: [(String, String)] = []
        if let email = account.email { pairs.append(("email", text(email))) }
        if let id = account.id { pairs.append(("id", text(id))) }
        if account.anonymous { pairs.append(("anonymous", "true")) }
        if let password = account.password {
          pairs.append(("password", YAMLText.quoted(password.replacing("${", with: "$${"))))
        }
        if account.emailVerified { pairs.append(("email_verified", "true")) }
        if let name = account.displayName { pairs.append(("display_name", text(name))) }
        if !account.providers.isEmpty {
          pairs.append(("providers", YAMLText.list(account.providers.map(\.rawValue))))
        }
        if account.disabled { pairs.append(("disabled", "true")) }
        if let photo = account.photoURL { pairs.append(("photo_url", text(photo))) }
        if !account.claims.isEmpty { pairs.append(("claims", ValueWriter.claims(account.claims))) }
        if let phone = account.phoneNumber { pairs.append(("phone_number", text(phone))) }
        if !account.mfa.isEmpty {
          pairs.append(("mfa", YAMLText.list(account.mfa.map(ValueWriter.secondFactor))))
        }
        lines.append("    - " + YAMLText.flow(pairs))
      }
    }
    let providers = ProviderID.identityProviders.filter { !(given.identityProviders[$0] ?? []).isEmpty }
    if !providers.isEmpty {
      lines.append("  identity_providers:")
      for provider in providers {
        lines.append("    \(provider.rawValue):")
        for account in given.identityProviders[provider] ?? [] {
          var pairs = [("email", text(account.email))]
          if let name = account.name { pairs.append(("name", text(name))) }
          if let verified = account.emailVerified { pairs.append(("email_verified", String(verified))) }
          lines.append("      - " + YAMLText.flow(pairs))
        }
      }
    }
    if !given.signedIn.isEmpty {
      lines.append("  signed_in:")
      for (device, account) in given.signedIn {
        let name =
          switch account {
          case .email(let email): email
          case .id(let id): id
          }
        lines.append("    \(YAMLText.scalar(device)): \(text(name))")
      }
    }
    return lines.isEmpty ? [] : ["given:"] + lines
  }

  // MARK: - Steps

  private static func step(_ step: Step) -> [String] {
    var modifiers: [(String, String)] = []
    if let device = step.device { modifiers.append(("device", YAMLText.scalar(device))) }
    if !step.expectations.isEmpty { modifiers.append(("expect", expectations(step.expectations))) }
    if let note = step.note { modifiers.append(("note", YAMLText.scalar(note, substituted: true))) }
    guard let action = step.action else {
      // An expect-only step: its first modifier opens the list item.
      return modifiers.enumerated().map { offset, pair in
        (offset == 0 ? "  - " : "    ") + "\(pair.0): \(pair.1)"
      }
    }
    let (key, value) = (action.kind.rawValue, ActionSyntax.of(action.kind).write(action))
    if modifiers.isEmpty { return ["  - " + (value.map { "\(key): \($0)" } ?? key)] }
    let head = "  - " + (value.map { "\(key): \($0)" } ?? "\(key):")
    return [head] + modifiers.map { "    \($0.0): \($0.1)" }
  }

  /// One `expect` flow mapping; `ui` entries are gathered under one `ui` key at its first place.
  static func expectations(_ expectations: [Expectation]) -> String {
    var pairs: [(String, String)] = []
    var ui: [(String, String)] = []
    for expectation in expectations {
      let check = expectation.check
      let value = ExpectSyntax.byName[check.key].map { $0.write(check) } ?? ""
      if case .ui(let name, _) = check {
        if ui.isEmpty { pairs.append(("ui", "")) }
        ui.append((YAMLText.scalar(name), value))
      } else {
        pairs.append((check.key, value))
      }
    }
    if let index = pairs.firstIndex(where: { $0.0 == "ui" }) { pairs[index].1 = YAMLText.flow(ui) }
    return YAMLText.flow(pairs)
  }
}
