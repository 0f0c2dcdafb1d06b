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

  /// The keys a step may carry besides its action, each declared with its reader and writer in `ModifierSyntax`.
  public static let modifiers: [MappingShape.Field] = ModifierSyntax.all.map(\.field)

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

  /// The forms an action's value takes (declared with its reader and writer in `ActionSyntax`).
  public static func argument(of kind: ActionKind) -> ValueShape { ActionSyntax.of(kind).argument }

  /// One line on what an action does, for editors.
  static func summary(of kind: ActionKind) -> String { ActionSyntax.of(kind).summary }

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

  /// What `admin:` can do, one per step (declared with their readers and writers in `AdminSyntax`).
  public static let adminOperations: [MappingShape.Field] = AdminSyntax.all.map {
    .init($0.name, $0.shape, $0.summary)
  }

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
