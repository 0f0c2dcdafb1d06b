import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// `PATCH /authflow/v1/settings`: the scenario language's `backend:` knobs, by the same names and in the same
/// notation (`"recent_login": "5m"`), given as JSON. Knobs not named keep their value.
enum SettingsPatch {
  static func apply(_ body: Data, to settings: inout BackendSettings) throws(ServiceError) {
    guard
      let object = (try? JSONSerialization.jsonObject(with: body.isEmpty ? Data("{}".utf8) : body))
        as? [String: Any]
    else { throw ServiceError.badJSON("Expected an object of knobs.") }
    for (key, value) in object.sorted(by: { $0.key < $1.key }) {
      try set(key, value, &settings)
    }
  }

  private static func set(_ key: String, _ value: Any, _ settings: inout BackendSettings) throws(ServiceError)
  {
    func bool() throws(ServiceError) -> Bool {
      guard let flag = value as? Bool else {
        throw invalid(key, "true or false")
      }
      return flag
    }
    guard let knob = BackendSettings.knob(named: key) else {
      let suggestion =
        Suggestion.nearest(to: key, in: BackendSettings.keys).map { " Did you mean '\($0)'?" } ?? ""
      throw ServiceError.invalidArgument("unknown knob '\(key)'.\(suggestion)")
    }
    func duration(_ from: Any, allowing allows: (VirtualDuration) -> Bool, expected: String)
      throws(ServiceError)
      -> VirtualDuration
    {
      guard let text = from as? String, let duration = VirtualDuration(parsing: text) else {
        throw invalid(key, "a duration such as 30s, 5m, 1h or 3d")
      }
      guard allows(duration) else { throw invalid(key, expected) }
      return duration
    }
    func limit(orNone: Bool) throws(ServiceError) -> BackendSettings.SendLimit {
      guard let limit = value as? [String: Any], let count = limit["count"] as? Int, count >= knob.minimum,
        let per = limit["per"]
      else {
        let none = orNone ? ", or \"none\" for no limit" : ""
        throw invalid(key, "{\"count\": 5, \"per\": \"1h\"} (count at least \(knob.minimum))\(none)")
      }
      let window = try duration(per, allowing: { $0.seconds > 0 }, expected: "a duration longer than 0s")
      return BackendSettings.SendLimit(count: count, per: window)
    }
    switch knob.value(settings) {
    case .boolean: knob.set(&settings, .boolean(try bool()))
    case .duration:
      knob.set(
        &settings, .duration(try duration(value, allowing: knob.allows, expected: knob.durationExpected)))
    case .integer:
      guard let number = value as? Int, number >= knob.minimum else {
        throw invalid(key, "a whole number of at least \(knob.minimum)")
      }
      knob.set(&settings, .integer(number))
    case .sendLimit: knob.set(&settings, .sendLimit(try limit(orNone: false)))
    case .attemptLimit:
      knob.set(
        &settings,
        .attemptLimit(value is NSNull || value as? String == "none" ? nil : try limit(orNone: true)))
    case .trustedProviders:
      guard let list = value as? [String] else {
        throw invalid(key, "a list such as [\"apple.com\", \"google.com@gmail.com\"]")
      }
      let trusted = list.map { entry in
        let parts = entry.split(separator: "@", maxSplits: 1).map(String.init)
        return BackendSettings.TrustedProvider(
          provider: ProviderID(rawValue: parts.first ?? entry), domain: parts.count > 1 ? parts[1] : nil)
      }
      knob.set(&settings, .trustedProviders(trusted))
    case .names:
      guard let list = value as? [String], list.allSatisfy(BackendSettings.allSignInMethods.contains) else {
        throw invalid(key, "a list of " + BackendSettings.allSignInMethods.joined(separator: ", "))
      }
      knob.set(&settings, .names(list))
    case .phoneCodes:
      guard let object = value as? [String: Any] else {
        throw invalid(key, "an object of E.164 numbers and six-digit codes, {\"+15555550100\": \"123456\"}")
      }
      var codes: [String: String] = [:]
      for (number, code) in object {
        guard PhoneNumber.isValid(number) else {
          throw invalid(key, "keyed by E.164 numbers such as +15555550100")
        }
        guard let text = code as? String, PhoneNumber.isTestCode(text) else {
          throw invalid("\(key).\(number)", "a six-digit code")
        }
        codes[number] = text
      }
      knob.set(&settings, .phoneCodes(codes))
    case .mfa(var mfa):
      guard let object = value as? [String: Any], Set(object.keys).isSubset(of: ["enabled", "factors"]) else {
        throw invalid(key, "{\"enabled\": true, \"factors\": [\"phone\", \"totp\"]}")
      }
      if let enabled = object["enabled"] {
        guard let flag = enabled as? Bool else { throw invalid("\(key).enabled", "true or false") }
        mfa.enabled = flag
      }
      if let factors = object["factors"] {
        guard let names = factors as? [String] else {
          throw invalid("\(key).factors", "a list of phone and totp")
        }
        var kinds: [SecondFactor.Kind] = []
        for name in names {
          guard let kind = SecondFactor.Kind(rawValue: name), !kinds.contains(kind) else {
            throw invalid("\(key).factors", "a list of phone and totp, each once")
          }
          kinds.append(kind)
        }
        mfa.factors = kinds
      }
      knob.set(&settings, .mfa(mfa))
    }
  }

  private static func invalid(_ key: String, _ expected: String) -> ServiceError {
    ServiceError.invalidArgument("'\(key)' must be \(expected)")
  }

  static func json(_ settings: BackendSettings) -> JSON {
    var object: [String: JSON] = [:]
    for knob in BackendSettings.knobs { object[knob.name] = json(knob.value(settings)) }
    return .object(object)
  }

  private static func json(_ value: BackendSettings.KnobValue) -> JSON {
    switch value {
    case .boolean(let flag): .bool(flag)
    case .duration(let duration): .string(duration.description)
    case .integer(let number): .int(Int64(number))
    case .sendLimit(let limit), .attemptLimit(let limit?):
      ["count": .int(Int64(limit.count)), "per": .string(limit.per.description)]
    case .attemptLimit(nil): .string("none")
    case .trustedProviders(let list): .array(list.map { .string($0.description) })
    case .names(let names): .array(names.map(JSON.string))
    case .phoneCodes(let codes): .object(codes.mapValues(JSON.string))
    case .mfa(let mfa):
      ["enabled": .bool(mfa.enabled), "factors": .array(mfa.factors.map { .string($0.rawValue) })]
    }
  }
}
