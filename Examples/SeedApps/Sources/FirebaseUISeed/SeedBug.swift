/// A built-in `firebaseui` mutant's bug, put into the seed's code (``LoginScreen``) or its glue
/// (``FirebaseUISeedApp``), so `seed-authflow mutants --machine firebaseui-seed` can show the bundled scenarios
/// catch it in real app code.
public struct SeedBug: OptionSet, Sendable {
  /// The bit of this bug.
  public let rawValue: Int

  /// Makes a set of bugs from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// An email login greets with the email even when the account has a display name.
  public static let greetingIgnoresDisplayName = SeedBug(rawValue: 1 << 0)
  /// An email login without a display name greets `Stranger` instead of the email.
  public static let strangerForEmailUsers = SeedBug(rawValue: 1 << 1)
  /// The glue does not listen to `Auth`: it stays on home when the session ends.
  public static let ignoresSessionEnd = SeedBug(rawValue: 1 << 2)
  /// Creating the account never saves the display name sign-up asked for.
  public static let signUpDropsDisplayName = SeedBug(rawValue: 1 << 3)
}
