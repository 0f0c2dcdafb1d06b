/// What a `backend:` knob's kind of value gives it in the language: the shape its value takes and how
/// ``ScenarioWriter`` writes it. Each knob itself (name, summary, value, minimum) is declared once in
/// `BackendSettings.knobs`; the loader reads a knob's value by the same kind (`knobValue`).
enum KnobSyntax {
  /// The forms `knob`'s value takes.
  static func shape(of knob: BackendSettings.Knob) -> ValueShape {
    switch knob.value(BackendSettings()) {
    case .boolean: .boolean
    case .duration: .duration
    case .integer: .integer(minimum: knob.minimum)
    case .sendLimit: .mapping(ScenarioLanguage.sendLimit)
    case .attemptLimit: .either([.mapping(ScenarioLanguage.attemptLimit), .literal("none")])
    case .trustedProviders: .list(.trustedProvider)
    case .names: .list(.oneOf(ScenarioLanguage.signInMethods), unique: true)
    case .mfa: .mapping(ScenarioLanguage.mfaSettings)
    case .phoneCodes: .dictionary(of: .text)
    }
  }

  /// A knob's value as the loader reads it back.
  static func write(_ value: BackendSettings.KnobValue) -> String {
    switch value {
    case .boolean(let flag): String(flag)
    case .duration(let duration): "\(duration)"
    case .integer(let number): "\(number)"
    case .sendLimit(let limit), .attemptLimit(let limit?):
      YAMLText.flow([("count", "\(limit.count)"), ("per", "\(limit.per)")])
    case .attemptLimit(nil): "none"
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
}
