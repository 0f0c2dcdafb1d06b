import AuthFlowLanguage

/// The operations production guards with the recent-login rule.
public enum SensitiveOperation: String, Sendable {
  case delete
  case changePassword = "change password"
}
