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
    func duration(_ from: Any) throws(ServiceError) -> VirtualDuration {
      guard let text = from as? String, let duration = VirtualDuration(parsing: text) else {
        throw invalid(key, "a duration such as 30s, 5m, 1h or 3d")
      }
      return duration
    }
    switch key {
    case "email_enumeration_protection": settings.emailEnumerationProtection = try bool()
    case "one_account_per_email": settings.oneAccountPerEmail = try bool()
    case "recent_login": settings.recentLogin = try duration(value)
    case "verify_email_code_ttl": settings.verifyEmailCodeTTL = try duration(value)
    case "password_reset_code_ttl": settings.passwordResetCodeTTL = try duration(value)
    case "id_token_ttl": settings.idTokenTTL = try duration(value)
    case "password_min_length":
      guard let number = value as? Int, number >= 0 else { throw invalid(key, "a whole number") }
      settings.passwordMinLength = number
    case "oob_send_limit":
      guard let limit = value as? [String: Any], let count = limit["count"] as? Int, count >= 0,
        let per = limit["per"]
      else { throw invalid(key, "{\"count\": 5, \"per\": \"1h\"}") }
      settings.oobSendLimit = BackendSettings.SendLimit(count: count, per: try duration(per))
    case "trusted_providers":
      guard let list = value as? [String] else {
        throw invalid(key, "a list such as [\"apple.com\", \"google.com@gmail.com\"]")
      }
      settings.trustedProviders = list.map { entry in
        let parts = entry.split(separator: "@", maxSplits: 1).map(String.init)
        return BackendSettings.TrustedProvider(
          provider: ProviderID(rawValue: parts.first ?? entry), domain: parts.count > 1 ? parts[1] : nil)
      }
    default:
      let suggestion =
        Suggestion.nearest(to: key, in: BackendSettings.keys).map { " Did you mean '\($0)'?" } ?? ""
      throw ServiceError("INVALID_ARGUMENT : unknown knob '\(key)'.\(suggestion)")
    }
  }

  private static func invalid(_ key: String, _ expected: String) -> ServiceError {
    ServiceError("INVALID_ARGUMENT : '\(key)' must be \(expected)")
  }

  static func json(_ settings: BackendSettings) -> JSON {
    [
      "email_enumeration_protection": .bool(settings.emailEnumerationProtection),
      "one_account_per_email": .bool(settings.oneAccountPerEmail),
      "recent_login": .string(settings.recentLogin.description),
      "password_min_length": .int(Int64(settings.passwordMinLength)),
      "verify_email_code_ttl": .string(settings.verifyEmailCodeTTL.description),
      "password_reset_code_ttl": .string(settings.passwordResetCodeTTL.description),
      "id_token_ttl": .string(settings.idTokenTTL.description),
      "oob_send_limit": [
        "count": .int(Int64(settings.oobSendLimit.count)),
        "per": .string(settings.oobSendLimit.per.description),
      ],
      "trusted_providers": .array(settings.trustedProviders.map { .string($0.description) }),
    ]
  }
}
