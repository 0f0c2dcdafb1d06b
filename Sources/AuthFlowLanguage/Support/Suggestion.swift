/// "Did you mean" suggestions for names a user mistyped.
public enum Suggestion {
  /// The candidate nearest to `word`: fewest edits (ignoring case), then the longest shared beginning, then the
  /// first written. SPEC section 8 gives every unknown name a suggestion, so only an empty list gives nil.
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

  /// `; did you mean 'x'?` or an empty string.
  public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String
  where S.Element == String {
    nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
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
