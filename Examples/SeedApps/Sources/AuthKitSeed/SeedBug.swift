/// A built-in `authkit` mutant's bug, put into the seed's code (``DB``) or its glue (``AuthKitSeedApp``), so
/// `seed-authflow mutants --machine authkit-seed` can show the bundled scenarios catch it in real app code.
public struct SeedBug: OptionSet, Sendable {
  /// The bit of this bug.
  public let rawValue: Int

  /// Makes a set of bugs from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The glue never refreshes the user when the app comes to the foreground.
  public static let noForegroundRefresh = SeedBug(rawValue: 1 << 0)
  /// `DB` treats a signed-in user with an unverified password account as signed in.
  public static let unverifiedIsSignedIn = SeedBug(rawValue: 1 << 1)
  /// The glue deletes straight after the confirmation dialog, never showing the re-authentication prompt.
  public static let deleteWithoutReauth = SeedBug(rawValue: 1 << 2)
  /// `DB` sends on every tap of resend and never starts the countdown.
  public static let resendWithoutCountdown = SeedBug(rawValue: 1 << 3)
  /// The glue's refresh button re-reads the cached user instead of reloading it.
  public static let refreshReadsCache = SeedBug(rawValue: 1 << 4)
  /// `DB` reads the user once at start instead of keeping it from the state listener.
  public static let noAuthListener = SeedBug(rawValue: 1 << 5)
}
