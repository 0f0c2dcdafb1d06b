/// Every action of SPEC 2.2 and 2.3, each with its shape, summary, reader and writer side by side.
extension ActionSyntax {
  private typealias Document = ScenarioLoader.Document
  private typealias Shapes = ScenarioLanguage
  private typealias Write = ValueWriter

  // The switch is exhaustive: an action added to `ActionKind` does not build until it is declared here.
  static func make(_ kind: ActionKind) -> ActionSyntax {
    switch kind {
    case .launch: bare(kind, "Cold-start the app after terminate; the persisted session is restored.")
    case .terminate: bare(kind, "The OS kills the app; the session stays persisted on the device.")
    case .background: bare(kind, "The app goes to the background.")
    case .foreground: bare(kind, "The app comes to the foreground.")
    case .signOut: bare(kind, "Sign out.")
    case .resendVerification: bare(kind, "Tap \"resend verification email\".")
    case .refresh: bare(kind, "Pull to refresh: the app reloads the user.")
    case .deleteAccount: bare(kind, "Tap \"Delete account\" and confirm.")
    case .cancel: bare(kind, "Dismiss the current sheet, prompt or dialog.")
    case .signInAnonymously: bare(kind, "Tap \"Continue as guest\": the app signs in anonymously.")
    case .signUp: signUp
    case .signIn: signIn
    case .signInWith: signInWith
    case .linkProvider: linkProvider
    case .unlinkProvider: unlinkProvider
    case .updateProfile: updateProfile
    case .forgotPassword: forgotPassword
    case .reauthenticate: reauthenticate
    case .changePassword: changePassword
    case .changeEmail: changeEmail
    case .sendSignInLink: sendSignInLink
    case .signInWithCustomToken: signInWithCustomToken
    case .signInWithPhone: signInWithPhone
    case .enterCode: enterCode
    case .enrollMFA: enrollMFA
    case .unenrollMFA: unenrollMFA
    case .tap: tap
    case .type: type
    case .followLink: followLink
    case .wait: wait
    case .admin: admin
    case .network: network
    case .failNext: failNext
    }
  }

  // MARK: - Accounts

  private static let signUp = ActionSyntax(
    .signUp, .mapping(Shapes.signUp), "Create an account with email and password.",
    read: { document, value in
      // `sign_up: hunter2`: what was written instead of the mapping may well be the password.
      document.hideInDiagnostics(value)
      let before = document.problemCount
      guard let fields = document.arguments(value, of: .signUp, shape: Shapes.signUp) else { return nil }
      let email = fields["email"].flatMap { document.string($0, key: "email") }
      let password = fields["password"].flatMap { document.readPassword($0, key: "password") }
      let displayName = fields["display_name"].flatMap { document.string($0, key: "display_name") }
      guard let email, let password, document.problemCount == before else { return nil }
      return .signUp(email: email, password: password, displayName: displayName)
    },
    write: { action in
      guard case .signUp(let email, let password, let displayName) = action else { return nil }
      var pairs = [("email", Write.text(email)), ("password", Write.secret(password))]
      if let displayName { pairs.append(("display_name", Write.text(displayName))) }
      return YAMLText.flow(pairs)
    })

  private static let signIn = ActionSyntax(
    .signIn, .mapping(Shapes.signIn), "Sign in with email and password.",
    read: { document, value in
      document.hideInDiagnostics(value)
      guard let fields = document.arguments(value, of: .signIn, shape: Shapes.signIn) else { return nil }
      let email = fields["email"].flatMap { document.string($0, key: "email") }
      let password = fields["password"].flatMap { document.readPassword($0, key: "password") }
      guard let email, let password else { return nil }
      return .signIn(email: email, password: password)
    },
    write: { action in
      guard case .signIn(let email, let password) = action else { return nil }
      return YAMLText.flow([("email", Write.text(email)), ("password", Write.secret(password))])
    })

  private static let signInWith = ActionSyntax(
    .signInWith, .either([.oneOf(Shapes.identityProviders), .mapping(Shapes.sheet)]),
    "Tap \"Sign in with …\": a provider id, or {provider, account, outcome, error}.",
    read: { document, value in document.sheet(value, of: .signInWith).map(Action.signInWith) },
    write: { action in
      guard case .signInWith(let sheet) = action else { return nil }
      return Write.sheet(sheet, short: true)
    })

  private static let forgotPassword = ActionSyntax(
    .forgotPassword, .either([.empty, .text, .mapping(Shapes.forgotPassword)]),
    "Request a password-reset email (an email, or {email}).",
    read: { document, value in
      if Document.isNull(value) { return .forgotPassword(email: nil) }
      guard case .mapping = value else {
        return document.string(value, key: "forgot_password", expected: "an email or a mapping").map {
          .forgotPassword(email: $0)
        }
      }
      guard let fields = document.arguments(value, of: .forgotPassword, shape: Shapes.forgotPassword) else {
        return nil
      }
      guard let email = fields["email"] else { return .forgotPassword(email: nil) }
      return document.string(email, key: "email").map { .forgotPassword(email: $0) }
    },
    write: { action in
      guard case .forgotPassword(let email?) = action else { return nil }
      return Write.text(email)
    })

  private static let reauthenticate = ActionSyntax(
    .reauthenticate, .either([.mapping(Shapes.passwordPrompt), .mapping(Shapes.sheet)]),
    "Answer the re-authentication prompt: {password} or a provider sheet.",
    read: { document, value in
      document.hideInDiagnostics(value)
      return document.reauthentication(value).map(Action.reauthenticate)
    },
    write: { action in
      switch action {
      case .reauthenticate(.password(let password)): YAMLText.flow([("password", Write.secret(password))])
      case .reauthenticate(.provider(let sheet)): Write.sheet(sheet, short: false)
      default: nil
      }
    })

  // MARK: - Sign-in methods and profile

  private static let linkProvider = ActionSyntax(
    .linkProvider,
    .either([
      .oneOf(Shapes.identityProviders), .mapping(Shapes.sheet), .mapping(Shapes.passwordLink),
      .mapping(Shapes.phoneLink),
    ]),
    "Link another sign-in method: a provider id, a sheet, {provider: password, email, password} or "
      + "{provider: phone, number}.",
    read: { document, value in
      let provider: String? =
        if case .mapping(let mapping) = value, case .scalar(let scalar)? = mapping["provider"] {
          scalar.string
        } else {
          nil
        }
      // `link_provider: password` (or `phone`) alone: the method needs its credential, written as a mapping.
      if case .scalar(let scalar) = value,
        let example = ScenarioLoader.Document.linkExamples[scalar.string]
      {
        document.report(.linkNeedsCredential(provider: scalar.string, example: example), at: value)
        return nil
      }
      switch provider {
      case ProviderID.password.rawValue?:
        document.hideInDiagnostics(value)
        let before = document.problemCount
        guard let fields = document.arguments(value, of: .linkProvider, shape: Shapes.passwordLink) else {
          return nil
        }
        let email = fields["email"].flatMap { document.string($0, key: "email") }
        let password = fields["password"].flatMap { document.readPassword($0, key: "password") }
        guard let email, let password, document.problemCount == before else { return nil }
        return .linkPassword(email: email, password: password)
      case ProviderID.phone.rawValue?:
        guard let fields = document.arguments(value, of: .linkProvider, shape: Shapes.phoneLink) else {
          return nil
        }
        return fields["number"].flatMap { document.nonEmptyString($0, key: "number") }.map {
          .linkPhone(number: $0)
        }
      default:
        return document.sheet(value, of: .linkProvider).map(Action.linkProvider)
      }
    },
    write: { action in
      switch action {
      case .linkProvider(let sheet): Write.sheet(sheet, short: true)
      case .linkPassword(let email, let password):
        YAMLText.flow([
          ("provider", "password"), ("email", Write.text(email)), ("password", Write.secret(password)),
        ])
      case .linkPhone(let number): YAMLText.flow([("provider", "phone"), ("number", Write.text(number))])
      default: nil
      }
    })

  private static let unlinkProvider = ActionSyntax(
    .unlinkProvider, .oneOf(Shapes.providers),
    "Remove a sign-in method from the signed-in account: password or a provider id.",
    read: { document, value in
      let candidates = Shapes.providers.values
      return document.name(value, key: "unlink_provider", kind: "provider", candidates: candidates) {
        candidates.contains($0) ? ProviderID(rawValue: $0) : nil
      }.map(Action.unlinkProvider)
    },
    write: { action in
      guard case .unlinkProvider(let provider) = action else { return nil }
      return provider.rawValue
    })

  private static let updateProfile = ActionSyntax(
    .updateProfile, .mapping(Shapes.updateProfile),
    "Save the profile form: {display_name?, photo_url?}; null clears a field.",
    read: { document, value in
      let before = document.problemCount
      guard let fields = document.arguments(value, of: .updateProfile, shape: Shapes.updateProfile) else {
        return nil
      }
      let name = fields["display_name"].flatMap { document.nullableString($0, key: "display_name") }
      let photo = fields["photo_url"].flatMap { document.nullableString($0, key: "photo_url") }
      guard document.problemCount == before else { return nil }
      return .updateProfile(displayName: name, photoURL: photo)
    },
    write: { action in
      guard case .updateProfile(let name, let photo) = action else { return nil }
      let field = { (value: String?) in value.map(Write.text) ?? "null" }
      let pairs =
        (name.map { [("display_name", field($0))] } ?? []) + (photo.map { [("photo_url", field($0))] } ?? [])
      return YAMLText.flow(pairs)
    })

  private static let changePassword = ActionSyntax(
    .changePassword, .either([.text, .mapping(Shapes.changePassword)]),
    "Change the password (the new password, or {new_password}).",
    read: { document, value in
      guard case .mapping = value else {
        return document.readPassword(value, key: "change_password", expected: "a password or a mapping").map {
          .changePassword(newPassword: $0)
        }
      }
      guard let fields = document.arguments(value, of: .changePassword, shape: Shapes.changePassword) else {
        return nil
      }
      return fields["new_password"].flatMap { document.readPassword($0, key: "new_password") }.map {
        .changePassword(newPassword: $0)
      }
    },
    write: { action in
      guard case .changePassword(let password) = action else { return nil }
      return Write.secret(password)
    })

  private static let changeEmail = emailAction(
    .changeEmail, Shapes.changeEmail,
    "Change the account's email (the new email, or {email}), the way the app does it.",
    make: { .changeEmail(newEmail: $0) },
    email: { if case .changeEmail(let email) = $0 { email } else { nil } })

  private static let sendSignInLink = emailAction(
    .sendSignInLink, Shapes.sendSignInLink,
    "Ask for a passwordless sign-in link (an email, or {email}); the app remembers the email.",
    make: { .sendSignInLink(email: $0) },
    email: { if case .sendSignInLink(let email) = $0 { email } else { nil } })

  /// An action taking one email: written alone, or as `{email}`.
  private static func emailAction(
    _ kind: ActionKind, _ shape: MappingShape, _ summary: String,
    make: @escaping @Sendable (String) -> Action,
    email: @escaping @Sendable (Action) -> String?
  ) -> ActionSyntax {
    ActionSyntax(
      kind, .either([.text, .mapping(shape)]), summary,
      read: { document, value in
        guard case .mapping = value else {
          return document.string(value, key: kind.rawValue, expected: "an email or a mapping").map(make)
        }
        guard let fields = document.arguments(value, of: kind, shape: shape) else { return nil }
        return fields["email"].flatMap { document.string($0, key: "email") }.map(make)
      },
      write: { action in email(action).map(Write.text) })
  }

  private static let signInWithCustomToken = ActionSyntax(
    .signInWithCustomToken, .mapping(Shapes.customToken),
    "The app's server mints a custom token for {uid, claims?}; the app signs in with it.",
    read: { document, value in
      guard let fields = document.arguments(value, of: .signInWithCustomToken, shape: Shapes.customToken)
      else {
        return nil
      }
      let uid = fields["uid"].flatMap { document.nonEmptyString($0, key: "uid") }
      let claims = fields["claims"].map { document.claims($0, key: "claims") } ?? [:]
      guard let uid, let claims else { return nil }
      return .signInWithCustomToken(uid: uid, claims: claims)
    },
    write: { action in
      guard case .signInWithCustomToken(let uid, let claims) = action else { return nil }
      var pairs = [("uid", Write.text(uid))]
      if !claims.isEmpty { pairs.append(("claims", Write.claims(claims))) }
      return YAMLText.flow(pairs)
    })

  // MARK: - Phone and second factors

  private static let signInWithPhone = ActionSyntax(
    .signInWithPhone, .either([.text, .mapping(Shapes.phoneNumber)]),
    "Ask for an SMS code to sign in with this number (E.164, or {number}).",
    read: { document, value in
      guard case .mapping = value else {
        return document.nonEmptyString(
          value, key: "sign_in_with_phone", expected: "a phone number or a mapping"
        )
        .map { .signInWithPhone(number: $0) }
      }
      guard let fields = document.arguments(value, of: .signInWithPhone, shape: Shapes.phoneNumber) else {
        return nil
      }
      return fields["number"].flatMap { document.nonEmptyString($0, key: "number") }.map {
        .signInWithPhone(number: $0)
      }
    },
    write: { action in
      guard case .signInWithPhone(let number) = action else { return nil }
      return Write.text(number)
    })

  private static let enterCode = ActionSyntax(
    .enterCode, .either([.empty, .mapping(Shapes.enterCode)]),
    "Type the SMS or authenticator code the app waits for: the right one, or {code}.",
    read: { document, value in
      if Document.isNull(value) { return .enterCode(code: nil) }
      guard let fields = document.arguments(value, of: .enterCode, shape: Shapes.enterCode) else {
        return nil
      }
      document.hideInDiagnostics(value)
      return fields["code"].flatMap { document.string($0, key: "code") }.map { .enterCode(code: $0) }
    },
    write: { action in
      guard case .enterCode(let code?) = action else { return nil }
      return YAMLText.flow([("code", Write.secret(code))])
    })

  private static let enrollMFA = ActionSyntax(
    .enrollMFA, .mapping(Shapes.secondFactor),
    "Start enrolling a second factor: {factor: phone, number} or {factor: totp}; then enter_code.",
    read: { document, value in
      document.secondFactor(value, key: "enroll_mfa", typed: true).map(Action.enrollMFA)
    },
    write: { action in
      guard case .enrollMFA(let factor) = action else { return nil }
      return Write.secondFactor(factor)
    })

  private static let unenrollMFA = ActionSyntax(
    .unenrollMFA, .oneOf(Shapes.secondFactors), "Remove the signed-in user's second factor: phone or totp.",
    read: { document, value in
      document.secondFactorKind(value, key: "unenroll_mfa").map(Action.unenrollMFA)
    },
    write: { action in
      guard case .unenrollMFA(let kind) = action else { return nil }
      return kind.rawValue
    })

  // MARK: - The app's own screens

  private static let tap = ActionSyntax(
    .tap, .name, "A machine-specific UI action, by name.",
    read: { document, value in
      document.nonEmptyString(value, key: "tap", expected: "a name").map(Action.tap)
    },
    write: { action in
      guard case .tap(let target) = action else { return nil }
      return Write.text(target)
    })

  private static let type = ActionSyntax(
    .type, .dictionary(of: .text, nonEmpty: true), "Type into machine-specific fields: {field: text}.",
    read: { document, value in document.typedFields(value).map(Action.type) },
    write: { action in
      guard case .type(let fields) = action else { return nil }
      return YAMLText.flow(
        fields.map {
          (YAMLText.scalar($0.name), $0.name == "password" ? Write.secret($0.value) : Write.text($0.value))
        })
    })

  // MARK: - Outside the app

  private static let followLink = ActionSyntax(
    .followLink, .mapping(Shapes.followLink),
    "Open the newest matching email's link in a browser, outside the app.",
    read: { document, value in document.followLink(value) },
    write: { action in
      guard case .followLink(let mail, let to, let newPassword, let which, let device) = action else {
        return nil
      }
      var pairs = [("mail", mail.rawValue), ("to", Write.text(to))]
      if let newPassword { pairs.append(("new_password", Write.secret(newPassword))) }
      if which != .newest { pairs.append(("which", which.written)) }
      if let device { pairs.append(("device", Write.text(device))) }
      return YAMLText.flow(pairs)
    })

  private static let wait = ActionSyntax(
    .wait, .duration, "Advance the virtual clock (30s, 5m, 1h, 3d, 1h30m).",
    read: { document, value in document.duration(value, key: "wait").map(Action.wait) },
    write: { action in
      guard case .wait(let duration) = action else { return nil }
      return duration.description
    })

  private static let admin = ActionSyntax(
    .admin, .mapping(Shapes.admin),
    "What the admin SDK or console does: one of disable, enable, delete, revoke_sessions, …",
    read: { document, value in document.admin(value).map(Action.admin) },
    write: { action in
      guard case .admin(let admin) = action else { return nil }
      return AdminSyntax.byName[admin.key].map { YAMLText.flow([(admin.key, $0.write(admin))]) }
    })

  private static let network = ActionSyntax(
    .network, .mapping(Shapes.network), "Take a device offline or back online.",
    read: { document, value in
      guard let fields = document.arguments(value, of: .network, shape: Shapes.network) else { return nil }
      return fields["online"].flatMap { document.bool($0, key: "online") }.map { .network(online: $0) }
    },
    write: { action in
      guard case .network(let online) = action else { return nil }
      return YAMLText.flow([("online", String(online))])
    })

  private static let failNext = ActionSyntax(
    .failNext, .mapping(Shapes.failNext), "The next matching backend call fails with this error.",
    read: { document, value in
      guard let fields = document.arguments(value, of: .failNext, shape: Shapes.failNext) else { return nil }
      let operation = fields["operation"].flatMap {
        document.name($0, key: "operation", kind: "operation", candidates: Shapes.operations.values) {
          BackendOperation(rawValue: $0)
        }
      }
      let error = fields["error"].flatMap { document.errorCode($0, key: "error", allowsNone: false) }
      guard let operation, let error = error ?? nil else { return nil }
      return .failNext(operation: operation, error: error)
    },
    write: { action in
      guard case .failNext(let operation, let error) = action else { return nil }
      return YAMLText.flow([("operation", operation.rawValue), ("error", YAMLText.scalar(error.rawValue))])
    })
}
