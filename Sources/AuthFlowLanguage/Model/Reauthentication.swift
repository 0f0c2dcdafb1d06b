/// The answer to the app's re-authentication prompt.
public enum Reauthentication: Equatable, Sendable {
  case password(String)
  case provider(ProviderSheet)
}
