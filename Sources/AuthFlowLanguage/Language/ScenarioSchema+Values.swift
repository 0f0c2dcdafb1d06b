/// The schemas of scalar values, each kept next to the loader rule it mirrors.
extension ScenarioSchema.Builder {
  /// Any scalar but null: the loader reads `60`, `true` and `"60"` as text.
  static var text: JSONValue {
    .object([
      "type": .array([.string("string"), .string("number"), .string("boolean")]),
      "description": .string("Text (a number or true/false is read as its text)."),
    ])
  }

  static var name: JSONValue {
    .object([
      "type": .array([.string("string"), .string("number"), .string("boolean")]),
      "minLength": .number(1),
      "description": .string("A name: text that is not empty."),
    ])
  }

  static var nullableText: JSONValue {
    .object([
      "type": .array([.string("string"), .string("number"), .string("boolean"), .string("null")]),
      "description": .string("Text, or null for none."),
    ])
  }

  /// `ScenarioLoader.Document.email`: one `@`, a local part, a domain with a dot not at either end, no spaces.
  static var email: JSONValue {
    .object([
      "type": .string("string"),
      "pattern": .string(#"^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$"#),
      "description": .string("An email address (compared case-insensitively)."),
    ])
  }

  /// `VirtualDuration(parsing:)`: whole numbers with d, h, m, s, largest first, each at most once.
  static var duration: JSONValue {
    .object([
      "type": .string("string"),
      // Leading zeros as the loader reads them (`0005s` is 5 s), then at most nine digits.
      "pattern": .string(#"^(?=\d)(0*\d{1,9}d)?(0*\d{1,9}h)?(0*\d{1,9}m)?(0*\d{1,9}s)?$"#),
      "description": .string("A duration: 30s, 5m, 1h, 3d, 1h30m (at most 10 years)."),
    ])
  }

  /// `VirtualTime(parsing:)`: RFC 3339, a space for the T, or a bare date (the loader also checks the day
  /// exists in its month).
  static var timestamp: JSONValue {
    .object([
      "type": .string("string"),
      "pattern": .string(
        #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])"#
          + #"([Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d))?$"#),
      "description": .string("A time: 2026-03-01T09:00:00Z, 2026-03-01T10:00:00+01:00 or 2026-03-01."),
    ])
  }

  /// `AuthErrorCode(parsing:)`: a Firebase code with or without `auth/`, or a machine's `app/…` code.
  static var errorCode: JSONValue {
    let known = AuthErrorCode.known.map(\.rawValue)
    return .object([
      "anyOf": .array([
        .object(["enum": .array((known + known.map { "auth/" + $0 }).map(JSONValue.string))]),
        .object(["type": .string("string"), "pattern": .string("^(auth/)?app/.")]),
      ]),
      "description": .string("An error code as the app sees it (auth/ optional), or a machine's app/… code."),
    ])
  }

  /// `trusted_providers` entries: an identity provider, optionally `@domain`.
  static var trustedProvider: JSONValue {
    let providers = ScenarioLanguage.identityProviders.values.map {
      $0.replacingOccurrences(of: ".", with: #"\."#)
    }
    return .object([
      "type": .string("string"),
      "pattern": .string("^(\(providers.joined(separator: "|")))(@[^@]+)?$"),
      "description": .string("PROVIDER or PROVIDER@domain: a provider whose verified emails are trusted."),
    ])
  }

  /// A string holding a `${name}`, which the loader replaces with a value from `vars`.
  static var variable: JSONValue {
    .object([
      "type": .string("string"),
      "pattern": .string(#"\$\{[^}]*\}"#),
      "description": .string("A ${name} from vars, replaced when the scenario is loaded."),
    ])
  }

  static func names(_ names: NameSet) -> JSONValue {
    .object(["enum": .array(names.values.map(JSONValue.string)), "description": .string(names.summary)])
  }
}
