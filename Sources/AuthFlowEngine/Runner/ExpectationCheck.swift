import AuthFlowLanguage

/// The outcome of checking one expectation against the world.
struct ExpectationCheck {
  var passed: Bool
  var expected: String
  var actual: String
  /// Extra advice for a failure, e.g. a "did you mean" for a screen the machine does not have.
  var hint: String = ""
}

extension Expectation {
  /// Compares the expectation with what the device's app, its client, the backend or the outbox show now.
  func check(device: Device, devices: [Device], world: World) -> ExpectationCheck {
    switch check {
    case .state(let expected):
      return compare(expected.rawValue, device.snapshot.state)
    case .screen(let expected):
      var result = compare(expected, device.snapshot.screen)
      let screens = device.descriptor.screens
      if !result.passed, !screens.isEmpty, !screens.contains(expected) {
        result.hint =
          " (\(device.descriptor.name) has no screen '\(expected)'"
          + "\(Suggestion.didYouMean(expected, in: screens)))"
      }
      return result
    case .error(let expected):
      return compare(expected?.rawValue ?? "none", device.snapshot.error?.rawValue ?? "none")
    case .linkError(let expected):
      return compare(expected?.rawValue ?? "none", world.linkError?.rawValue ?? "none")
    case .ui(let name, let expected):
      let shown = device.machine?.ui[name]
      var result = compare(expected, shown ?? "(not shown)")
      // An empty value is written as YAML writes it, so a check line does not end in a blank.
      if expected.isEmpty { result.expected = "\"\"" }
      if shown?.isEmpty == true { result.actual = "\"\"" }
      let names = device.descriptor.uiNames
      if !result.passed, shown == nil, !names.isEmpty, !names.contains(name) {
        result.hint =
          " (\(device.descriptor.name) shows no ui value '\(name)'\(Suggestion.didYouMean(name, in: names)))"
      }
      return result
    case .user(let expected):
      let user = device.client.currentUser
      guard let expected else { return compare("none", user == nil ? "none" : describe(user)) }
      guard let user else { return compare(describe(expected), "none") }
      let claims = device.client.idTokenClaims
      return compare(describe(expected), describe(user, claims: claims, like: expected))
    case .account(let expected):
      let account =
        if let name = expected.device {
          devices.first { $0.name == name }?.client.currentUser.flatMap { world.backend.account(uid: $0.uid) }
        } else if let id = expected.id {
          world.backend.account(named: .id(id))
        } else {
          world.backend.account(email: expected.email)
        }
      return compare(describe(expected), describe(account, like: expected))
    case .mail(let expected):
      let count = world.outbox.count(expected.kind, to: expected.to)
      let what = "\(expected.kind.rawValue) email(s) to \(expected.to.lowercased())"
      if let wanted = expected.count {
        return ExpectationCheck(passed: count == wanted, expected: "\(wanted) \(what)", actual: "\(count)")
      }
      return ExpectationCheck(passed: count >= 1, expected: "at least 1 \(what)", actual: "\(count)")
    case .sms(let expected):
      let count = world.smsOutbox.count(to: expected.to)
      let what = "SMS to \(expected.to)"
      if let wanted = expected.count {
        return ExpectationCheck(passed: count == wanted, expected: "\(wanted) \(what)", actual: "\(count)")
      }
      return ExpectationCheck(passed: count >= 1, expected: "at least 1 \(what)", actual: "\(count)")
    case .signedInDevices(let expected):
      let actual = devices.filter { $0.client.currentUser != nil }.map(\.name)
      return compare(list(Set(expected).sorted()), list(actual.sorted()))
    }
  }

  private func compare(_ expected: String, _ actual: String) -> ExpectationCheck {
    ExpectationCheck(passed: expected == actual, expected: expected, actual: actual)
  }

  private func list(_ values: [String]) -> String { "[\(values.joined(separator: ", "))]" }

  private func providers(_ values: some Sequence<ProviderID>) -> String {
    list(values.map(\.rawValue).sorted())
  }

  private func name(_ value: String?) -> String { value ?? "null" }

  private func fields(_ pairs: [(String, String?)]) -> String {
    "{" + pairs.compactMap { key, value in value.map { "\(key): \($0)" } }.joined(separator: ", ") + "}"
  }

  private func describe(_ expected: UserExpectation) -> String {
    fields([
      ("email", expected.email?.lowercased()), ("email_verified", expected.emailVerified.map(String.init)),
      ("display_name", expected.displayName.map(name)), ("providers", expected.providers.map(providers)),
      ("anonymous", expected.anonymous.map(String.init)), ("photo_url", expected.photoURL.map(name)),
      ("phone_number", expected.phoneNumber.map(name)), ("mfa", expected.mfa.map(kinds)),
      ("claims", expected.claims.map(ClaimValue.describe)),
    ])
  }

  private func kinds(_ set: Set<SecondFactor.Kind>) -> String { list(set.sorted().map(\.rawValue)) }

  private func kinds(_ factors: [MFAEnrollment]) -> String { kinds(Set(factors.map(\.kind))) }

  /// The claims of `actual` that `expected` names: a claim it lacks or has with another value shows.
  private func subset(_ actual: [String: ClaimValue], like expected: [String: ClaimValue]?) -> String? {
    guard let expected else { return nil }
    return ClaimValue.describe(actual.filter { expected[$0.key] != nil })
  }

  /// The user's fields that `like` names (all of them when nil; `anonymous` then only for a guest).
  private func describe(
    _ user: CachedUser?, claims: [String: ClaimValue] = [:], like expected: UserExpectation? = nil
  ) -> String {
    guard let user else { return "none" }
    let all = expected == nil
    return fields([
      ("email", all || expected?.email != nil ? user.email ?? "null" : nil),
      ("email_verified", all || expected?.emailVerified != nil ? String(user.emailVerified) : nil),
      ("display_name", all || expected?.displayName != nil ? name(user.displayName) : nil),
      ("providers", all || expected?.providers != nil ? providers(user.providers) : nil),
      ("anonymous", (all && user.isAnonymous) || expected?.anonymous != nil ? String(user.isAnonymous) : nil),
      ("photo_url", (all && user.photoURL != nil) || expected?.photoURL != nil ? name(user.photoURL) : nil),
      (
        "phone_number",
        (all && user.phoneNumber != nil) || expected?.phoneNumber != nil ? name(user.phoneNumber) : nil
      ),
      ("mfa", (all && !user.mfa.isEmpty) || expected?.mfa != nil ? kinds(user.mfa) : nil),
      ("claims", subset(claims, like: expected?.claims)),
    ])
  }

  /// How an expectation names its account, after "no account": its email, `for device DEVICE`, or `id NAME`.
  private func which(_ expected: AccountExpectation) -> String {
    expected.device.map { "for device \($0)" } ?? expected.id.map { "id \($0)" }
      ?? expected.email.lowercased()
  }

  /// Whether the expectation states an email: the one naming the account, or one it must have.
  private func checksEmail(_ expected: AccountExpectation) -> Bool {
    (expected.device == nil && expected.id == nil) || !expected.email.isEmpty
  }

  private func describe(_ expected: AccountExpectation) -> String {
    guard expected.exists else { return "no account \(which(expected))" }
    return fields([
      ("email", checksEmail(expected) ? expected.email.lowercased() : nil),
      ("device", expected.device), ("id", expected.id),
      ("email_verified", expected.emailVerified.map(String.init)),
      ("providers", expected.providers.map(providers)), ("disabled", expected.disabled.map(String.init)),
      ("anonymous", expected.anonymous.map(String.init)),
      ("display_name", expected.displayName.map(name)), ("photo_url", expected.photoURL.map(name)),
      ("phone_number", expected.phoneNumber.map(name)), ("mfa", expected.mfa.map(kinds)),
      ("claims", expected.claims.map(ClaimValue.describe)),
    ])
  }

  private func describe(_ account: Account?, like expected: AccountExpectation) -> String {
    guard let account else { return "no account \(which(expected))" }
    guard expected.exists else { return "account \(account.email ?? account.uid) exists" }
    return fields([
      ("email", checksEmail(expected) ? account.email ?? "null" : nil),
      ("device", expected.device), ("id", expected.id),
      ("email_verified", expected.emailVerified != nil ? String(account.emailVerified) : nil),
      ("providers", expected.providers != nil ? providers(account.providers) : nil),
      ("disabled", expected.disabled != nil ? String(account.disabled) : nil),
      ("anonymous", expected.anonymous != nil ? String(account.anonymous) : nil),
      ("display_name", expected.displayName != nil ? name(account.displayName) : nil),
      ("photo_url", expected.photoURL != nil ? name(account.photoURL) : nil),
      ("phone_number", expected.phoneNumber != nil ? name(account.phoneNumber) : nil),
      ("mfa", expected.mfa != nil ? kinds(account.mfa) : nil),
      ("claims", subset(account.customClaims, like: expected.claims)),
    ])
  }
}
