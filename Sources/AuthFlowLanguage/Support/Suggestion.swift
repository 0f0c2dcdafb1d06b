/// "Did you mean" suggestions for names a user mistyped.
public enum Suggestion {
  /// The candidate nearest to `word`: fewest edits (ignoring case), then the longest shared beginning, then the
  /// first written; nil only for an empty list. Messages suggest ``close(to:in:)``, which keeps it only when it
  /// is close.
  public static func nearest<S: Sequence>(to word: String, in candidates: S) -> String?
  where S.Element == String {
    let lowered = Array(word.lowercased().prefix(64))
    var best: (name: String, distance: Int, prefix: Int)?
    for candidate in candidates {
      let other = Array(candidate.lowercased().prefix(64))
      let distance = editDistance(lowered, other)
      let prefix = zip(lowered, other).prefix { $0 == $1 }.count
      if let current = best,
        current.distance < distance || (current.distance == distance && current.prefix >= prefix)
      {
        continue
      }
      best = (candidate, distance, prefix)
    }
    return best?.name
  }

  /// The candidate `word` most likely stands for, or nil when none is close enough to suggest: a suggestion
  /// that is merely the least far (`failed` → `cancel`) misleads more than none, and where nothing is close the
  /// messages list the valid names instead.
  ///
  /// Close means a known synonym (`failed` → `error`, `first` → `oldest`), the same words in another order
  /// (`reset_password` → `password_reset`), or a few edits away (at most 2, or a
  /// third of the word's length up to 4), or one is the start of the other (`verify` → `verify_email`), or the
  /// word is the start or the end of exactly one candidate (`phone` → `phone_number`, `reset` →
  /// `password_reset`).
  public static func close<S: Sequence>(to word: String, in candidates: S) -> String?
  where S.Element == String {
    let candidates = Array(candidates)
    let lowered = word.lowercased()
    if let synonym = synonyms[lowered], candidates.contains(synonym) { return synonym }
    // `reset_password` for `password_reset`: the same words in another order.
    let words = wordsOf(lowered)
    if words.count > 1, let reordered = candidates.first(where: { wordsOf($0.lowercased()) == words }) {
      return reordered
    }
    guard let nearest = nearest(to: word, in: candidates) else { return nil }
    let other = nearest.lowercased()
    // `signIn` starts four operations (`signInWithPassword`, …): suggesting `signUp`, fewer edits away, would
    // mislead; with several names starting with the word and the nearest not among them, list them instead.
    let startingWith = candidates.filter { $0.lowercased().hasPrefix(lowered) }
    if lowered.count >= 3, startingWith.count > 1, !other.hasPrefix(lowered) { return nil }
    let allowed = min(4, max(2, lowered.count / 3))
    if editDistance(lowered, other) <= allowed { return nearest }
    let (short, long) = lowered.count <= other.count ? (lowered, other) : (other, lowered)
    if short.count >= 3, long.hasPrefix(short) { return nearest }
    // `phone` for `phone_number`, though `photo_url` is fewer edits away: the start of exactly one name.
    if lowered.count >= 3, startingWith.count == 1 { return startingWith.first }
    // `reset` for `password_reset`: the word is the end of exactly one candidate.
    let endings = candidates.filter { $0.lowercased().hasSuffix(lowered) }
    return lowered.count >= 4 && endings.count == 1 ? endings.first : nil
  }

  /// The words of a name written in snake or kebab case, sorted: the same for `reset_password` and
  /// `password_reset`.
  private static func wordsOf(_ name: String) -> [Substring] {
    name.split(whereSeparator: { $0 == "_" || $0 == "-" }).sorted()
  }

  /// Words people write for a name the language spells otherwise.
  static let synonyms: [String: String] = [
    "failed": "error", "failure": "error", "fail": "error", "failing": "error",
    "cancelled": "cancel", "canceled": "cancel", "dismiss": "cancel", "dismissed": "cancel",
    "ok": "success", "succeeded": "success", "successful": "success", "succeed": "success",
    "first": "oldest", "earliest": "oldest", "last": "newest", "latest": "newest",
    // What other tools call the actions.
    "login": "sign_in", "log_in": "sign_in", "logout": "sign_out", "log_out": "sign_out",
    "register": "sign_up", "signout": "sign_out", "signin": "sign_in",
    // Identity Toolkit's REST paths for the operations `fail_next` names after the SDK's calls.
    "mfaenrollment:start": "startMfaEnrollment", "mfaenrollment:finalize": "finalizeMfaEnrollment",
    "mfaenrollment:withdraw": "withdrawMfa", "mfasignin:start": "startMfaSignIn",
    "mfasignin:finalize": "finalizeMfaSignIn",
  ]

  /// `; did you mean 'x'?` when a candidate is close (see ``close(to:in:)``), or an empty string.
  public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String
  where S.Element == String {
    close(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Damerau–Levenshtein distance (optimal string alignment), capped for long inputs.
  static func editDistance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a.prefix(64)), Array(b.prefix(64)))
  }

  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
