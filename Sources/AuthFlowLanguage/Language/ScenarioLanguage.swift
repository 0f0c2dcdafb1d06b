/// The scenario language (SPEC section 2), described once: every mapping with its keys, which are
/// required, and the shape of each value.
///
/// The loader checks keys against these mappings and ``ScenarioSchema`` generates the JSON Schema from
/// them, so a key added here is accepted by `authflow lint` and offered by editors at once.
/// `Docs/ScenarioLanguage.md` is the reference a person reads; keep it in step.
public enum ScenarioLanguage {
  // MARK: - Top level

  /// One YAML document: a scenario.
  public static let scenario = MappingShape(
    name: "scenario", summary: "An authflow scenario: one YAML document of a scenario file.",
    fields: [
      .init(
        "version", .integer(minimum: 1, maximum: Scenario.languageVersion),
        "The language version the file is written for (\(Scenario.languageVersion))."),
      .init(
        "scenario", .name, required: true, "The scenario's name, shown in reports and matched by --filter."),
      .init("description", .text, "Free text: what behaviour the scenario documents and why."),
      .init("tags", .list(.text), "Tags, selected with --tag and --skip-tag."),
      .init("reproduces", .text, "The bug the scenario pins down: an issue URL or the user's report."),
      .init("machine", .machine, "The machine to run against (default authkit); --machine overrides it."),
      .init("seed", .integer(minimum: 0), "Seeds every generated id, code and token; --seed overrides it."),
      .init(
        "strict", .boolean,
        "Exhaustive mode: an email sent or an error shown that no expectation checked fails the scenario."),
      .init(
        "vars", .dictionary(of: .text), "Text substituted for ${name} in every string of given and steps."),
      .init(
        "matrix", .mapping(matrix),
        "Runs the scenario once per combination of these variables' values and machines, each named with them."
      ),
      .init(
        "backend", .mapping(backend), "Knobs of the fake auth backend; defaults are Firebase in production."),
      .init(
        "given", .mapping(given), substitutesVariables: true,
        "The world before the first step: clock, accounts, identity providers, signed-in devices."),
      .init(
        "devices", .list(.name, nonEmpty: true, unique: true),
        "Device names (default [phone]); the first is the default device."),
      .init(
        "steps", .list(step, nonEmpty: true), required: true, substitutesVariables: true,
        "What happens, in order: actions and expectations."),
    ])

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

  /// The keys of `backend:`, the knobs of the fake backend (`BackendSettings.knobs`).
  public static let backend = MappingShape(
    name: "backend", summary: "Knobs of the fake auth backend (SPEC 5.2).",
    fields: [
      .init(
        "email_enumeration_protection", .boolean,
        "Default true: sign-in errors become invalid-credential, fetching sign-in methods returns nothing."),
      .init("one_account_per_email", .boolean, "Default true: one account per email address."),
      .init("recent_login", .duration, "Default 5m: sensitive operations need a sign-in this recent."),
      .init("password_min_length", .integer(minimum: 1), "Default 6: shorter passwords are weak-password."),
      .init("verify_email_code_ttl", .duration, "Default 3d: how long a verification link works."),
      .init("password_reset_code_ttl", .duration, "Default 1h: how long a password-reset link works."),
      .init("sign_in_link_ttl", .duration, "Default 6h: how long an email sign-in link works."),
      .init("id_token_ttl", .duration, "Default 1h: how long an ID token lives."),
      .init(
        "oob_send_limit", .mapping(sendLimit),
        "Default {count: 5, per: 1h}: emails of one kind to one address; past it, too-many-requests."),
      .init(
        "mail_scanner", .boolean,
        "Default false: a mail gateway opens every link in every email the moment it arrives."),
      .init(
        "mfa", .mapping(mfaSettings),
        "Default {enabled: true, factors: [phone, totp]}: whether users may enroll second factors, and which."
      ),
      .init(
        "sign_in_methods", .list(.oneOf(signInMethods), unique: true),
        "Default every method: those enabled; a disabled one is operation-not-allowed (anonymous: admin-restricted-operation)."
      ),
      .init("sms_code_ttl", .duration, "Default 5m: how long an SMS verification code works."),
      .init(
        "sms_send_limit", .mapping(sendLimit),
        "Default {count: 5, per: 1h}: SMS codes to one number; past it, too-many-requests."),
      .init(
        "test_phone_numbers", .dictionary(of: .text),
        "Default {}: numbers with a fixed code and no SMS, as the console's phone numbers for testing."),
      .init(
        "trusted_providers", .list(.trustedProvider),
        "Default [apple.com, google.com@gmail.com, google.com@googlemail.com]: PROVIDER or PROVIDER@domain."),
    ])

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

  // MARK: - given

  /// The keys of `given:`, the world before the first step.
  public static let given = MappingShape(
    name: "given", summary: "The world before the first step.",
    fields: [
      .init("now", .timestamp, "The virtual clock's start (default 2026-01-01T00:00:00Z)."),
      .init("accounts", .list(.mapping(givenAccount)), "Accounts that exist on the backend."),
      .init(
        "identity_providers",
        .dictionary(of: .list(.mapping(identityProviderAccount)), keys: identityProviders),
        "Accounts at each identity provider, in order (the first is a sheet's default)."),
      .init(
        "signed_in", .dictionary(of: .text),
        "Devices already signed in at `now`, each with an account's email or id."),
    ])

  /// The keys of one account under `given.accounts`.
  public static let givenAccount = MappingShape(
    name: "givenAccount", summary: "An account on the backend before the first step.",
    fields: [
      .init("email", .email, "The account's email (stored lowercased); an account without one needs an id."),
      .init("id", .name, "A name steps and expectations use for the account (account: {id}, admin: {id})."),
      .init("anonymous", .boolean, "A guest's account (default false): no email, password or provider."),
      .init("password", .text, "Its password; without one the account has no password sign-in."),
      .init("email_verified", .boolean, "Default false."),
      .init("display_name", .nullableText, "Default none."),
      .init(
        "providers", .list(.oneOf(identityProviders), unique: true),
        "Identity providers linked besides the password."),
      .init("disabled", .boolean, "Default false."),
      .init("photo_url", .nullableText, "Default none."),
      .init("claims", claims, "Custom claims the account already has (setCustomUserClaims)."),
      .init("phone_number", .text, "Its phone number (E.164): it signs in with it."),
      .init("mfa", .list(.mapping(secondFactor)), "Second factors it has enrolled."),
    ],
    rules: [.atLeastOne(of: ["email", "id"])])

  /// The keys of one account under `given.identity_providers`.
  public static let identityProviderAccount = MappingShape(
    name: "identityProviderAccount", summary: "An account at an identity provider.",
    fields: [
      .init("email", .email, required: true, "The IdP account's email."),
      .init("name", .nullableText, "The name the IdP shares."),
      .init("email_verified", .boolean, "Whether the IdP says the email is verified (default per provider)."),
    ])

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
