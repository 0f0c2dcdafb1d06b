import AuthFlowLanguage

/// The lines the harness sends (protocol version 1, Docs/AdapterProtocol.md).
enum HarnessMessage {
  static func hello(device: String, now: VirtualTime, user: CachedUser?, probe: Bool) -> WireValue {
    .object([
      "type": "hello", "protocol": .integer(AdapterMessage.protocolVersion), "device": .string(device),
      "now": .string(now.description), "user": user.map(wire) ?? .null, "probe": .bool(probe),
    ])
  }

  static func action(_ action: Action, now: VirtualTime) -> WireValue {
    .object([
      "type": "action", "action": .string(action.kind.rawValue), "args": arguments(of: action),
      "now": .string(now.description),
    ])
  }

  /// A link the OS hands the app (`follow_link` with `device:`): sent as the `follow_link` action, with the link.
  static func openLink(_ link: String, now: VirtualTime) -> WireValue {
    .object([
      "type": "action", "action": "follow_link", "args": .object(["link": .string(link)]),
      "now": .string(now.description),
    ])
  }

  static func event(_ change: AuthStateChange, now: VirtualTime) -> WireValue {
    .object([
      "type": "event", "event": "authStateChanged", "user": change.user.map(wire) ?? .null,
      "error": .optional(change.error?.rawValue), "now": .string(now.description),
    ])
  }

  static func tick(now: VirtualTime) -> WireValue {
    .object(["type": "tick", "now": .string(now.description)])
  }

  static func result(id: WireValue, _ outcome: Result<WireValue, AuthErrorCode>) -> WireValue {
    switch outcome {
    case .success(let value): .object(["type": "result", "id": id, "ok": true, "value": value])
    case .failure(let error):
      .object(["type": "result", "id": id, "ok": false, "error": .string(error.rawValue)])
    }
  }

  /// A user as calls return it; `anonymous: true` only for a guest and `photo_url` only when there is one, so
  /// the messages of other users keep the fields protocol 1 first wrote; `created_at` (the account's creation
  /// time) was added later, as the protocol allows.
  static func wire(_ user: CachedUser) -> WireValue {
    var members: [WireValue.Member] = [
      .init(key: "uid", value: .string(user.uid)), .init(key: "email", value: .optional(user.email)),
      .init(key: "email_verified", value: .bool(user.emailVerified)),
      .init(key: "display_name", value: .optional(user.displayName)),
      .init(key: "providers", value: .array(user.providers.map { .string($0.rawValue) })),
    ]
    if user.isAnonymous { members.append(.init(key: "anonymous", value: .bool(true))) }
    if let photo = user.photoURL { members.append(.init(key: "photo_url", value: .string(photo))) }
    if let phone = user.phoneNumber { members.append(.init(key: "phone_number", value: .string(phone))) }
    if !user.mfa.isEmpty { members.append(.init(key: "mfa", value: .array(user.mfa.map(wire)))) }
    members.append(.init(key: "created_at", value: .string(user.createdAt.description)))
    return .object(members)
  }

  /// An enrolled second factor: its id, kind and (for a phone) number; `mfa` on a user, `factors` of a pending
  /// challenge.
  static func wire(_ factor: MFAEnrollment) -> WireValue {
    var members: [WireValue.Member] = [
      .init(key: "id", value: .string(factor.id)), .init(key: "factor", value: .string(factor.kind.rawValue)),
    ]
    if let number = factor.phoneNumber { members.append(.init(key: "phone_number", value: .string(number))) }
    return .object(members)
  }

  static func wire(_ claims: [String: ClaimValue]) -> WireValue {
    .object(
      claims.keys.sorted().map { key in WireValue.Member(key: key, value: claims[key].map(wire) ?? .null) })
  }

  static func wire(_ claim: ClaimValue) -> WireValue {
    switch claim {
    case .string(let text): .string(text)
    case .integer(let number): .number(String(number))
    case .bool(let flag): .bool(flag)
    case .list(let items): .array(items.map(wire))
    case .object(let members): wire(members)
    }
  }

  static func wire(_ sheet: ProviderSheet) -> WireValue {
    let outcome: String
    var error: String?
    switch sheet.outcome {
    case .success: outcome = "success"
    case .cancel: outcome = "cancel"
    case .error(let code):
      outcome = "error"
      error = code.rawValue
    }
    return .object([
      "provider": .string(sheet.provider.rawValue), "account": .optional(sheet.account),
      "outcome": .string(outcome), "error": .optional(error),
    ])
  }

  /// The action's arguments as the scenario wrote them (keys as in YAML); passwords included, since the
  /// adapter is the app.
  static func arguments(of action: Action) -> WireValue {
    switch action {
    case .signUp(let email, let password, let displayName):
      .object([
        "email": .string(email), "password": .string(password), "display_name": .optional(displayName),
      ])
    case .signIn(let email, let password): .object(["email": .string(email), "password": .string(password)])
    case .signInWith(let sheet), .linkProvider(let sheet), .reauthenticate(.provider(let sheet)): wire(sheet)
    case .forgotPassword(let email): .object(["email": .optional(email)])
    case .reauthenticate(.password(let password)): .object(["password": .string(password)])
    case .changePassword(let password): .object(["new_password": .string(password)])
    case .changeEmail(let email), .sendSignInLink(let email): .object(["email": .string(email)])
    case .signInWithCustomToken(let uid, let claims):
      .object(["uid": .string(uid), "claims": wire(claims)])
    case .unlinkProvider(let provider): .object(["provider": .string(provider.rawValue)])
    case .updateProfile(let name, let photo):
      .object(
        (name.map { [WireValue.Member(key: "display_name", value: .optional($0))] } ?? [])
          + (photo.map { [WireValue.Member(key: "photo_url", value: .optional($0))] } ?? []))
    case .linkPassword(let email, let password):
      .object(["provider": "password", "email": .string(email), "password": .string(password)])
    case .signInWithPhone(let number): .object(["number": .string(number)])
    case .linkPhone(let number): .object(["provider": "phone", "number": .string(number)])
    case .enterCode(let code): .object(["code": .optional(code)])
    case .enrollMFA(let factor):
      .object(["factor": .string(factor.kind.rawValue), "number": .optional(factor.number)])
    case .unenrollMFA(let kind): .object(["factor": .string(kind.rawValue)])
    case .tap(let name): .object(["name": .string(name)])
    case .type(let fields): .object(fields.map { WireValue.Member(key: $0.name, value: .string($0.value)) })
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel, .signInAnonymously, .followLink, .wait, .admin, .network, .failNext:
      .object([])
    }
  }
}

extension WireValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
  init(stringLiteral value: String) { self = .string(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
}
