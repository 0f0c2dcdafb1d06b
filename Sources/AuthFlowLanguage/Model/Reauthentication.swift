/// The answer to the app's re-authentication prompt.
public enum Reauthentication: Equatable, Sendable {
  /// Re-authenticates with this password.
  case password(String)
  /// Re-authenticates through an identity provider's sheet.
  case provider(ProviderSheet)
}
