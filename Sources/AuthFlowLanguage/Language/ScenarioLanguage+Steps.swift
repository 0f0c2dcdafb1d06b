/// `steps`: actions with their argument forms, modifiers and expectations (SPEC 2.1–2.4).
extension ScenarioLanguage {
  // MARK: - Steps

  /// A step: a bare action name, or a mapping of one action key (or only `expect`) and modifiers.
  public static let step = ValueShape.either([.oneOf(bareActions), .mapping(stepMapping)])

  /// Actions that may be written as a bare string (`- background`).
  public static let bareActions = NameSet(
    name: "bareAction",
    values: ActionKind.allCases.filter { Action.bareAction($0) != nil }.map(\.rawValue),
    summary: "An action without arguments, written as a bare string.")

  /// The keys a step may carry besides its action.
  public static let modifiers: [MappingShape.Field] = [
    .init("device", .name, "Run the action, or the expect, on this device instead of the first one."),
    .init("expect", .mapping(expectation), "Checks made right after the action."),
    .init("note", .text, "Shown in the transcript."),
  ]

  /// The keys of a step: exactly one action key, plus the `device`, `expect` and `note` modifiers.
  public static let stepMapping = MappingShape(
    name: "step", summary: "One action (or only expect) and its modifiers.",
    fields: modifiers + ActionKind.allCases.map { .init($0.rawValue, argument(of: $0), summary(of: $0)) } + [
      .init(
        "use", .either([.text, .mapping(use)]),
        "Plays the steps of a flow file (a path relative to this file), with its parameters under 'with'.")
    ],
    rules: [.exactlyOne(of: ActionKind.allCases.map(\.rawValue) + ["use"], orElse: "expect")])

  // MARK: - Actions

  /// The forms an action's value takes.
  public static func argument(of kind: ActionKind) -> ValueShape {
    switch kind {
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel, .signInAnonymously:
      .empty
    case .signUp: .mapping(signUp)
    case .signIn: .mapping(signIn)
    case .signInWith: .either([.oneOf(identityProviders), .mapping(sheet)])
    case .linkProvider:
      .either([.oneOf(identityProviders), .mapping(sheet), .mapping(passwordLink), .mapping(phoneLink)])
    case .unlinkProvider: .oneOf(providers)
    case .updateProfile: .mapping(updateProfile)
    case .forgotPassword: .either([.empty, .text, .mapping(forgotPassword)])
    case .reauthenticate: .either([.mapping(passwordPrompt), .mapping(sheet)])
    case .changePassword: .either([.text, .mapping(changePassword)])
    case .changeEmail: .either([.text, .mapping(changeEmail)])
    case .sendSignInLink: .either([.text, .mapping(sendSignInLink)])
    case .signInWithCustomToken: .mapping(customToken)
    case .signInWithPhone: .either([.text, .mapping(phoneNumber)])
    case .enterCode: .either([.empty, .mapping(enterCode)])
    case .enrollMFA: .mapping(secondFactor)
    case .unenrollMFA: .oneOf(secondFactors)
    case .tap: .name
    case .type: .dictionary(of: .text, nonEmpty: true)
    case .followLink: .mapping(followLink)
    case .wait: .duration
    case .admin: .mapping(admin)
    case .network: .mapping(network)
    case .failNext: .mapping(failNext)
    }
  }

  /// One line on what an action does, for editors.
  static func summary(of kind: ActionKind) -> String {
    switch kind {
    case .launch: "Cold-start the app after terminate; the persisted session is restored."
    case .terminate: "The OS kills the app; the session stays persisted on the device."
    case .background: "The app goes to the background."
    case .foreground: "The app comes to the foreground."
    case .signUp: "Create an account with email and password."
    case .signIn: "Sign in with email and password."
    case .signInWith: "Tap \"Sign in with …\": a provider id, or {provider, account, outcome, error}."
    case .signInAnonymously: "Tap \"Continue as guest\": the app signs in anonymously."
    case .signOut: "Sign out."
    case .forgotPassword: "Request a password-reset email (an email, or {email})."
    case .resendVerification: "Tap \"resend verification email\"."
    case .refresh: "Pull to refresh: the app reloads the user."
    case .deleteAccount: "Tap \"Delete account\" and confirm."
    case .reauthenticate: "Answer the re-authentication prompt: {password} or a provider sheet."
    case .cancel: "Dismiss the current sheet, prompt or dialog."
    case .linkProvider:
      "Link another sign-in method: a provider id, a sheet, {provider: password, email, password} or "
        + "{provider: phone, number}."
    case .updateProfile: "Save the profile form: {display_name?, photo_url?}; null clears a field."
    case .unlinkProvider: "Remove a sign-in method from the signed-in account: password or a provider id."
    case .changePassword: "Change the password (the new password, or {new_password})."
    case .changeEmail: "Change the account's email (the new email, or {email}), the way the app does it."
    case .sendSignInLink:
      "Ask for a passwordless sign-in link (an email, or {email}); the app remembers the email."
    case .signInWithCustomToken:
      "The app's server mints a custom token for {uid, claims?}; the app signs in with it."
    case .signInWithPhone: "Ask for an SMS code to sign in with this number (E.164, or {number})."
    case .enterCode: "Type the SMS or authenticator code the app waits for: the right one, or {code}."
    case .enrollMFA:
      "Start enrolling a second factor: {factor: phone, number} or {factor: totp}; then enter_code."
    case .unenrollMFA: "Remove the signed-in user's second factor: phone or totp."
    case .tap: "A machine-specific UI action, by name."
    case .type: "Type into machine-specific fields: {field: text}."
    case .followLink: "Open the newest matching email's link in a browser, outside the app."
    case .wait: "Advance the virtual clock (30s, 5m, 1h, 3d, 1h30m)."
    case .admin: "What the admin SDK or console does: one of disable, enable, delete, revoke_sessions, …"
    case .network: "Take a device offline or back online."
    case .failNext: "The next matching backend call fails with this error."
    }
  }

  /// The arguments of `sign_up`.
  public static let signUp = MappingShape(
    name: "signUp", summary: "sign_up's arguments.",
    fields: [
      .init("email", .text, required: true, "The email typed."),
      .init("password", .text, required: true, "The password typed."),
      .init("display_name", .text, "The display name typed, where the app asks for one."),
    ])

  /// The arguments of `sign_in`.
  public static let signIn = MappingShape(
    name: "signIn", summary: "sign_in's arguments.",
    fields: [
      .init("email", .text, required: true, "The email typed."),
      .init("password", .text, required: true, "The password typed."),
    ])

  /// An identity provider's sign-in sheet (`sign_in_with`, `link_provider`, `reauthenticate`).
  public static let sheet = MappingShape(
    name: "sheet", summary: "An identity provider's sign-in sheet and how the user answers it.",
    fields: [
      .init("provider", .oneOf(identityProviders), required: true, "The identity provider."),
      .init("account", .text, "The IdP account's email (default: the provider's first)."),
      .init("outcome", .oneOf(outcomes), "success (default), cancel or error."),
      .init("error", .errorCode(allowsNone: false), "With outcome: error, the code the app sees."),
    ],
    rules: [.requires(key: "error", other: "outcome", value: "error")])

  /// The arguments of `forgot_password`.
  public static let forgotPassword = MappingShape(
    name: "forgotPassword", summary: "forgot_password's arguments.",
    fields: [.init("email", .text, "The email typed (default: what the app already shows).")])

  /// `reauthenticate: {password}`.
  public static let passwordPrompt = MappingShape(
    name: "passwordPrompt", summary: "Answer the re-authentication prompt with a password.",
    fields: [.init("password", .text, required: true, "The password typed.")])

  /// `link_provider: {provider: password, email, password}`: an email-and-password credential to link.
  public static let passwordLink = MappingShape(
    name: "passwordLink", summary: "An email and password to link to the signed-in user.",
    fields: [
      .init("provider", .literal("password"), required: true, "password."),
      .init("email", .text, required: true, "The email to sign in with from now on."),
      .init("password", .text, required: true, "The password."),
    ])

  /// `link_provider: {provider: phone, number}`.
  public static let phoneLink = MappingShape(
    name: "phoneLink", summary: "A phone number to link to the signed-in user (then enter_code).",
    fields: [
      .init("provider", .literal("phone"), required: true, "phone."),
      .init("number", .text, required: true, "The phone number, E.164 (+15555550100)."),
    ])

  /// `sign_in_with_phone: {number}`.
  public static let phoneNumber = MappingShape(
    name: "phoneNumber", summary: "sign_in_with_phone's arguments.",
    fields: [.init("number", .text, required: true, "The phone number typed, E.164 (+15555550100).")])

  /// `enter_code: {code}`.
  public static let enterCode = MappingShape(
    name: "enterCode", summary: "enter_code's arguments.",
    fields: [.init("code", .text, required: true, "Exactly the code typed (default: the right one).")])

  /// The arguments of `update_profile`: the fields to change (`null` clears one).
  public static let updateProfile = MappingShape(
    name: "updateProfile", summary: "The profile fields to save; null clears one.",
    fields: [
      .init("display_name", .nullableText, "The new display name, or null to clear it."),
      .init("photo_url", .nullableText, "The new photo URL, or null to clear it."),
    ])

  /// The arguments of `change_password`.
  public static let changePassword = MappingShape(
    name: "changePassword", summary: "change_password's arguments.",
    fields: [.init("new_password", .text, required: true, "The new password.")])

  /// The arguments of `change_email`.
  public static let changeEmail = MappingShape(
    name: "changeEmail", summary: "change_email's arguments.",
    fields: [.init("email", .text, required: true, "The new email typed.")])

  /// A set of custom claims: names to strings, whole numbers or booleans.
  public static let claims = ValueShape.dictionary(
    of: .either([.boolean, .integer(minimum: Int.min), .text]))

  /// The arguments of `sign_in_with_custom_token`.
  public static let customToken = MappingShape(
    name: "customToken", summary: "The custom token the app's server mints.",
    fields: [
      .init("uid", .text, required: true, "The account's uid; a new account is created for an unknown one."),
      .init("claims", claims, "Developer claims the token carries into this session's ID tokens."),
    ])

  /// The arguments of `send_sign_in_link`.
  public static let sendSignInLink = MappingShape(
    name: "sendSignInLink", summary: "send_sign_in_link's arguments.",
    fields: [.init("email", .text, required: true, "The email typed.")])

  /// The arguments of `follow_link`: which email's link, and for a reset the new password.
  public static let followLink = MappingShape(
    name: "followLink", summary: "Which email's link to open.",
    fields: [
      .init("mail", .oneOf(mailKinds), required: true, "The kind of email."),
      .init("to", .text, required: true, "Its address."),
      .init(
        "new_password", .text, "For password_reset: complete the reset with it (else only open the page)."),
      .init(
        "which", .either([.oneOf(mailChoices), .integer(minimum: 1)]),
        "Which of the matching emails: newest (default), oldest, or the N-th sent, from 1."),
      .init(
        "device", .name,
        "Open the link on this device: its app gets it (a sign_in_link completes there). Default: a browser."),
    ],
    rules: [.requires(key: "new_password", other: "mail", value: "password_reset")])

  /// What `admin:` can do, one per step.
  public static let adminOperations: [MappingShape.Field] = [
    .init("disable", accountName, "Disable the account with this email (or {id})."),
    .init("enable", accountName, "Enable the account with this email (or {id})."),
    .init("delete", accountName, "Delete the account with this email (or {id})."),
    .init("revoke_sessions", accountName, "Revoke every session of the account with this email (or {id})."),
    .init("verify_email", accountName, "Mark the account's email verified."),
    .init("set_password", .mapping(setPassword), "Set an account's password."),
    .init("set_claims", .mapping(setClaims), "Replace an account's custom claims."),
    .init("update_email", .mapping(updateEmail), "Change an account's email at once (updateUser)."),
    .init("set_phone", .mapping(setPhone), "Give an account a phone number, or remove it (null)."),
    .init("unenroll_mfa", .mapping(unenrollMFA), "Remove an account's second factor (phone or totp)."),
  ]

  /// The operations of `admin`, one key each, as the Admin SDK would call them.
  public static let admin = MappingShape(
    name: "admin", summary: "One admin operation.", fields: adminOperations,
    rules: [.exactlyOne(of: adminOperations.map(\.name), orElse: nil)])

  /// An account an `admin` operation acts on: its email, or `{id: NAME}` (`{email: …}` works too).
  public static let accountName = ValueShape.either([.text, .mapping(accountReference)])

  /// `{id: NAME}` or `{email: …}`: an account named by the id `given.accounts` gave it, or by its email.
  public static let accountReference = MappingShape(
    name: "accountReference", summary: "An account, by its email or its given id.",
    fields: accountKeys, rules: [accountRule])

  /// The keys that name an account inside an `admin` operation's arguments.
  static let accountKeys: [MappingShape.Field] = [
    .init("email", .text, "The account's email."),
    .init("id", .name, "Or: the id its given.accounts entry has."),
  ]
  static let accountRule = MappingShape.Rule.exactlyOne(of: ["email", "id"], orElse: nil)

  /// The arguments of `admin.set_claims`.
  public static let setClaims = MappingShape(
    name: "setClaims", summary: "admin set_claims's arguments.",
    fields: accountKeys + [
      .init("claims", claims, required: true, "The account's custom claims from now on ({} removes them).")
    ], rules: [accountRule])

  /// The arguments of `admin.set_password`.
  public static let setPassword = MappingShape(
    name: "setPassword", summary: "admin set_password's arguments.",
    fields: accountKeys + [.init("password", .text, required: true, "The new password.")],
    rules: [accountRule])

  /// The arguments of `admin.set_phone`.
  public static let setPhone = MappingShape(
    name: "setPhone", summary: "admin set_phone's arguments.",
    fields: accountKeys + [
      .init("number", .nullableText, required: true, "The phone number (E.164), or null to remove it.")
    ],
    rules: [accountRule])

  /// The arguments of `admin.unenroll_mfa`.
  public static let unenrollMFA = MappingShape(
    name: "unenrollMFA", summary: "admin unenroll_mfa's arguments.",
    fields: accountKeys + [.init("factor", .oneOf(secondFactors), required: true, "phone or totp.")],
    rules: [accountRule])

  /// The arguments of `admin.update_email`.
  public static let updateEmail = MappingShape(
    name: "updateEmail", summary: "admin update_email's arguments.",
    fields: accountKeys + [.init("new_email", .email, required: true, "The account's email from now on.")],
    rules: [accountRule])

  /// The arguments of `network`.
  public static let network = MappingShape(
    name: "network", summary: "network's arguments.",
    fields: [
      .init("online", .boolean, required: true, "false takes the device offline."),
      .init("device", .name, "The device (default: the step's device)."),
    ])

  /// The arguments of `fail_next`: the backend operation and the error its next call fails with.
  public static let failNext = MappingShape(
    name: "failNext", summary: "fail_next's arguments.",
    fields: [
      .init("operation", .oneOf(operations), required: true, "The backend operation."),
      .init("error", .errorCode(allowsNone: false), required: true, "The error it fails with."),
      .init("device", .name, "The device whose next call fails (default: the step's device)."),
    ])
}
