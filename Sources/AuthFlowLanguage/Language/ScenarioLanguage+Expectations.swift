/// `expect:` mappings (SPEC 2.4).
extension ScenarioLanguage {
  /// The keys of `expect`: what a step checks on its device and in the world.
  public static let expectation = MappingShape(
    name: "expect", summary: "Checks; every key given must hold.",
    fields: ExpectSyntax.all.map { .init($0.name, $0.shape, $0.summary) },
    nonEmpty: true)

  /// The keys of `expect.user`: the user the device's auth client caches.
  public static let user = MappingShape(
    name: "user", summary: "What the app's auth client shows of the signed-in user.",
    fields: [
      .init("email", .text, "The user's email."),
      .init("email_verified", .boolean, "Whether the client's cached user is verified."),
      .init("display_name", .nullableText, "The display name, or null for none."),
      .init("providers", .list(.oneOf(providers)), "Linked sign-in methods, compared as a set."),
      .init("anonymous", .boolean, "Whether the user is a guest (an anonymous account not yet upgraded)."),
      .init("photo_url", .nullableText, "The photo URL, or null for none."),
      .init("phone_number", .nullableText, "The phone number, or null for none."),
      .init("mfa", .list(.oneOf(secondFactors), unique: true), "Enrolled second factors, compared as a set."),
      .init(
        "claims", claims, "Claims the device's current ID token carries (a subset: others may be there)."),
    ])

  /// `expect: {account: …}`, not to be confused with `given.accounts` entries.
  public static let accountExpectation = MappingShape(
    name: "accountExpectation", summary: "The backend's truth for one account.",
    fields: [
      .init("email", .text, "The account's email; with device or id, the email it must have."),
      .init("device", .name, "Or: the account this device is signed in to (an account without an email)."),
      .init("id", .name, "Or: the account a given.accounts entry named with this id."),
      .init("exists", .boolean, "Default true; false checks there is no such account."),
      .init("email_verified", .boolean, "Whether the backend has the email verified."),
      .init("providers", .list(.oneOf(providers)), "Linked sign-in methods, compared as a set."),
      .init("disabled", .boolean, "Whether the account is disabled."),
      .init("anonymous", .boolean, "Whether it is a guest's account (anonymous, not yet upgraded)."),
      .init("display_name", .nullableText, "The display name, or null for none."),
      .init("photo_url", .nullableText, "The photo URL, or null for none."),
      .init("phone_number", .nullableText, "The phone number, or null for none."),
      .init("mfa", .list(.oneOf(secondFactors), unique: true), "Enrolled second factors, compared as a set."),
      .init("claims", claims, "Custom claims the account has (a subset: others may be there)."),
    ],
    rules: [.atLeastOne(of: ["email", "device", "id"]), .atMostOne(of: ["device", "id"])])

  /// The keys of `expect.sms`: text messages the SMS outbox holds for a number.
  public static let sms = MappingShape(
    name: "sms", summary: "Text messages (verification codes) sent to one number so far.",
    fields: [
      .init("to", .text, required: true, "The phone number."),
      .init("count", .integer(minimum: 0), "Exactly this many (without it: at least one)."),
    ])

  /// The keys of `expect.mail`: emails the outbox holds for an address.
  public static let mail = MappingShape(
    name: "mail", summary: "Emails of one kind sent to one address so far.",
    fields: [
      .init("to", .text, required: true, "The address."),
      .init("kind", .oneOf(mailKinds), required: true, "The kind of email."),
      .init("count", .integer(minimum: 0), "Exactly this many (without it: at least one)."),
    ])
}
