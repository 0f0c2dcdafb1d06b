/// The scenario language (SPEC section 2), described once: every mapping with its keys, which are
/// required, and the shape of each value.
///
/// The loader checks keys against these mappings and ``ScenarioSchema`` generates the JSON Schema from
/// them, so a key added here is accepted by `authflow lint` and offered by editors at once.
/// `Docs/ScenarioLanguage.md` is the reference a person reads; keep it in step.
public enum ScenarioLanguage {
  // MARK: - Top level

  /// One YAML document: a scenario; each key declared with its reader and writer in `ScenarioKeySyntax`.
  public static let scenario = MappingShape(
    name: "scenario", summary: "An authflow scenario: one YAML document of a scenario file.",
    fields: ScenarioKeySyntax.all.map(\.field))

  /// `matrix:`: the values each variable takes and the machines to run on; the scenario runs once for every
  /// combination.
  public static let matrix = MappingShape(
    name: "matrix", summary: "Runs the scenario once per combination (SPEC §11).",
    fields: [
      .init(
        "vars", .dictionary(of: .list(.text, nonEmpty: true), nonEmpty: true),
        "Each variable's values, substituted as vars are."),
      .init(
        "machines", .list(.machine, nonEmpty: true, unique: true),
        "Machines to run every combination on; they replace 'machine:'."),
    ])

  /// A flow file: steps that scenarios play with `use:` (SPEC §11).
  public static let flow = MappingShape(
    name: "flow", summary: "A flow file: named, reusable steps with parameters.",
    fields: [
      .init("flow", .name, required: true, "The flow's name."),
      .init("description", .text, "Free text: what the flow does."),
      .init(
        "params", .list(.name, unique: true),
        "Parameters: each must be given by every 'use:' of the flow, and is ${name} in its steps."),
      .init("steps", .list(step, nonEmpty: true), required: true, "The flow's steps."),
    ])

  /// `use: {file, with}`: plays a flow file's steps.
  public static let use = MappingShape(
    name: "use", summary: "Plays the steps of a flow file.",
    fields: [
      .init("file", .text, required: true, "The flow file, relative to the file that uses it."),
      .init("with", .dictionary(of: .text), "A value for each of the flow's parameters."),
    ])

  // MARK: - backend

  /// The keys of `backend:`, the knobs of the fake backend, each declared once in `BackendSettings.knobs` (its
  /// shape follows from the kind of its value, `KnobSyntax`).
  public static let backend = MappingShape(
    name: "backend", summary: "Knobs of the fake auth backend (SPEC 5.2).",
    fields: BackendSettings.knobs.map { .init($0.name, KnobSyntax.shape(of: $0), $0.summary) })

  /// The keys of `backend.mfa`.
  public static let mfaSettings = MappingShape(
    name: "mfaSettings", summary: "Multi-factor authentication: whether users may enroll, and which factors.",
    fields: [
      .init("enabled", .boolean, "Whether users may enroll second factors (default true)."),
      .init(
        "factors", .list(.oneOf(secondFactors), unique: true), "The kinds they may enroll (default both)."),
    ])

  /// A second factor: `{factor: phone, number}` or `{factor: totp}` (`enroll_mfa`, `given.accounts[].mfa`).
  public static let secondFactor = MappingShape(
    name: "secondFactor", summary: "A second factor: {factor: phone, number} or {factor: totp}.",
    fields: [
      .init("factor", .oneOf(secondFactors), required: true, "phone or totp."),
      .init("number", .text, "The phone number (E.164) of a phone factor."),
    ],
    rules: [.requires(key: "number", other: "factor", value: "phone")])

  /// The kinds of second factor.
  public static let secondFactors = NameSet(
    name: "secondFactorKind", values: SecondFactor.Kind.allCases.map(\.rawValue),
    summary: "A kind of second factor: phone (SMS) or totp (an authenticator app).")

  /// The sign-in methods `backend.sign_in_methods` may enable.
  public static let signInMethods = NameSet(
    name: "signInMethod", values: BackendSettings.allSignInMethods,
    summary: "A sign-in method a project enables.")

  /// The keys of `backend.oob_send_limit`.
  public static let sendLimit = MappingShape(
    name: "sendLimit", summary: "At most `count` emails of one kind to one address within `per`.",
    fields: [
      .init("count", .integer(minimum: 1), required: true, "How many emails."),
      .init("per", .duration, required: true, "Within how long."),
    ])

  /// The keys of `backend.password_attempt_limit`.
  public static let attemptLimit = MappingShape(
    name: "attemptLimit",
    summary: "After `count` wrong passwords for one account within `per`, it is locked out.",
    fields: [
      .init("count", .integer(minimum: 1), required: true, "How many wrong passwords."),
      .init("per", .duration, required: true, "Within how long."),
    ])

  // MARK: - given

  /// The keys of `given:`, the world before the first step (each declared in `GivenKeySyntax`).
  public static let given = MappingShape(
    name: "given", summary: "The world before the first step.", fields: GivenKeySyntax.all.map(\.field))

  /// The keys of one account under `given.accounts` (each declared in `AccountFieldSyntax`).
  public static let givenAccount = MappingShape(
    name: "givenAccount", summary: "An account on the backend before the first step.",
    fields: AccountFieldSyntax.all.map(\.field), rules: [.atLeastOne(of: ["email", "id"])])

  /// The keys of one account under `given.identity_providers` (each declared in `IdentityProviderAccountSyntax`).
  public static let identityProviderAccount = MappingShape(
    name: "identityProviderAccount", summary: "An account at an identity provider.",
    fields: IdentityProviderAccountSyntax.all.map(\.field))

  // MARK: - Names

  /// The auth states an `expect.state` may name.
  public static let states = NameSet(
    name: "state", values: AuthState.allCases.map(\.rawValue), summary: "The machine's auth state.")
  /// The kinds of email `follow_link` and `expect.mail` may name.
  public static let mailKinds = NameSet(
    name: "mailKind", values: MailKind.allCases.map(\.rawValue), summary: "A kind of email the backend sends."
  )
  /// The names `follow_link`'s `which:` takes besides a number.
  public static let mailChoices = NameSet(
    name: "mailChoice", values: MailChoice.names, summary: "Which of the matching emails, when not a number.")
  /// The sign-in methods: `password` and the identity providers.
  public static let providers = NameSet(
    name: "provider", values: (ProviderID.all + [.phone]).map(\.rawValue),
    summary: "A sign-in method: password, an IdP or phone."
  )
  /// The identity providers the world fakes.
  public static let identityProviders = NameSet(
    name: "identityProvider", values: ProviderID.identityProviders.map(\.rawValue),
    summary: "An identity provider the world fakes.")
  /// The backend operations `fail_next` may name.
  public static let operations = NameSet(
    name: "operation", values: BackendOperation.allCases.map(\.rawValue),
    summary: "A backend operation, named as in Identity Toolkit.")
  /// How a sign-in sheet may end: `success`, `cancel` or `error`.
  public static let outcomes = NameSet(
    name: "outcome", values: ["success", "cancel", "error"], summary: "How the user answers a sign-in sheet.")
}
