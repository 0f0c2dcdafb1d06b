/// "Did you mean" suggestions for names a user mistyped.
public enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a plausible typo.
  public static func nearest<S: Sequence>(to word: String, in candidates: S) -> String?
  where S.Element == String {
    let lowered = word.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      if let current = best, current.distance <= distance { continue }
      best = (candidate, distance)
    }
    guard let best else { return nil }
    let limit = max(2, min(word.count, best.name.count) / 2)
    let contains =
      lowered.count >= 3
      && (best.name.lowercased().contains(lowered) || lowered.contains(best.name.lowercased()))
    return best.distance <= limit || contains ? best.name : nil
  }

  /// `; did you mean 'x'?` or an empty string.
  public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String
  where S.Element == String {
    nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Damerau–Levenshtein distance (optimal string alignment), capped for long inputs.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64))
    let b = Array(b.prefix(64))
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
