#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hides secrets in everything authflow prints, the way GitHub Actions masks registered secrets.
///
/// The secrets are every string a scenario gives as a password and every value it types into a field its
/// machine declares secret. Each becomes a stable placeholder numbered in the order the scenario mentions
/// them — `given` accounts first, then the steps — (`‹password 1›`), or `‹password›` where numbers would not
/// be stable (a whole output of many scenarios, a diagnostic). ``scrub(_:)`` finds a secret written as is and
/// in every escaped form a report or an adapter may have given it (JSON, XML and Mermaid entities, YAML,
/// Markdown, percent-encoding), and cut short by `…`. Tokens, ids and action codes are shortened to their first
/// six characters instead.
public struct Redactor: Sendable {
  private var numbers: [String: Int] = [:]
  /// Whether placeholders carry the secret's number.
  private var numbered = true
  /// The secrets with their Unicode scalars, longest first (empty ones are never masked).
  private var scalars: [(text: String, scalars: [Unicode.Scalar])] = []
  /// The UTF-8 bytes of each secret's first ``SecretMatch/minimumCut`` characters (all of a shorter one), and
  /// the first bytes of these and of the escaped forms, for ``holdsNoSecret(_:)``'s quick look at text
  /// that holds no secret.
  private var prefixes: [[UInt8]] = []
  /// Each byte a match may start with, once: the escaped forms' first bytes, then the prefixes'.
  private var byteStarts = Self.escapeStartBytes
  /// Where a match may start: each secret's first scalar, the first character of each escaped form, and the
  /// placeholder's own first character (so a placeholder is never masked again). The ASCII ones are in
  /// `asciiStarts` (every scalar of every output line is looked up, and a bit test costs no hashing); the
  /// others, a few at most, are in `otherStarts`.
  private var otherStarts: [Unicode.Scalar] = []
  private var asciiStarts = ByteSet()
  /// authflow's own words (the language's keys and names, error codes, statuses, machine and screen names): a
  /// secret that is part of a longer one of them stays where that word is written whole (`wrong-password`
  /// keeps its `password`), since the word prints whatever the secret is.
  private var kept: Set<String> = []

  /// Numbers `passwords` in order (a repeated one keeps its first number); `others` are hidden too, as
  /// `‹password›`. A secret that is part of a longer one of `words` (authflow's own, ``ScenarioLanguage/words``
  /// and the machine's) stays where that word is written whole: `wrong-password` and `new_password` keep their
  /// `password`. A secret that is a whole word is hidden wherever it stands, as GitHub hides it.
  public init(passwords: [String], alsoHiding others: [String] = [], keeping words: Set<String> = []) {
    kept = words
    for password in passwords where numbers[password] == nil {
      numbers[password] = numbers.count + 1
    }
    for other in others where numbers[other] == nil { numbers[other] = 0 }
    scalars = numbers.keys.filter { !$0.isEmpty }
      .sorted { ($0.unicodeScalars.count, $0) > ($1.unicodeScalars.count, $1) }
      .map { ($0, Array($0.unicodeScalars)) }
    for secret in scalars {
      let length = secret.scalars.prefix(SecretMatch.minimumCut).reduce(0) { $0 + UTF8.width($1) }
      let prefix = Array(secret.text.utf8.prefix(length))
      prefixes.append(prefix)
      if let first = prefix.first, !byteStarts.contains(first) { byteStarts.append(first) }
    }
    var starts = SecretMatch.escapeStarts + ["‹"]
    for secret in scalars { if let first = secret.scalars.first { starts.append(first) } }
    for start in starts {
      if start.isASCII {
        asciiStarts.insert(UInt8(start.value))
      } else if !otherStarts.contains(start) {
        otherStarts.append(start)
      }
    }
  }

  /// Hides `secrets` as `‹password›`, unnumbered: the last net over a whole output, whose scenarios each
  /// number their own passwords.
  public init(hiding secrets: [String], keeping words: Set<String> = []) {
    self.init(passwords: secrets, keeping: words)
    numbered = false
  }

  /// The words this keeps (see ``init(passwords:alsoHiding:keeping:)``).
  public var keptWords: Set<String> { kept }

  /// The secrets, in the order they were given.
  public var secrets: [String] { numbers.sorted { $0.value < $1.value }.map(\.key) }

  /// Whether `text` is one of the secrets.
  public func hides(_ text: String) -> Bool { !text.isEmpty && numbers[text] != nil }

  /// The placeholder for a password; one the scenario never mentioned still never prints.
  public func password(_ password: String) -> String {
    guard numbered, let number = numbers[password], number > 0 else { return Self.placeholder }
    return "‹password \(number)›"
  }

  /// `‹password›`: a secret whose number is not known.
  public static let placeholder = "‹password›"

  /// `text` with every secret, raw or escaped, replaced by its placeholder; placeholders already in `text`
  /// stay as they are. For text the harness did not write itself (what an adapter printed or showed), and
  /// as the last pass over every output.
  public func scrub(_ text: String) -> String {
    guard !holdsNothingToHide(text) else { return text }
    // A whole report is scrubbed a line at a time, so its scalars are never all held at once. No match
    // crosses a line break unless a secret holds one raw (escaped forms and `…` cuts never do).
    if text.utf8.count > Self.lineByLineSize, !scalars.contains(where: { $0.scalars.contains("\n") }) {
      return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { scrubScalars(String($0)) }.joined(separator: "\n")
    }
    return scrubScalars(text)
  }

  /// Whether `text` certainly holds nothing ``scrub(_:)`` would replace.
  func holdsNothingToHide(_ text: String) -> Bool {
    scalars.isEmpty || holdsNoSecret(text) == true || !text.unicodeScalars.contains(where: mayStart)
  }

  /// Whether `text` certainly holds no secret, read from its UTF-8 bytes in place: true when it holds no
  /// character an escaped form starts with and none of the secrets' first characters as is (every match,
  /// whole or cut short by `…`, needs one or the other). Most output is such text, placeholders and `✓` included,
  /// and this spares it the scalar-by-scalar search. nil when the bytes cannot tell or the string is not stored
  /// contiguously: ``scrubScalars(_:)`` decides.
  private func holdsNoSecret(_ text: String) -> Bool? {
    text.utf8.withContiguousStorageIfAvailable { text -> Bool? in
      guard let base = text.baseAddress else { return true }
      // One `memchr` (vectorised by the C library) over the text for each byte a match may start with, instead
      // of a look at every byte: the answer does not depend on the order the places are found in.
      for byte in byteStarts {
        var from = 0
        while from < text.count, let found = memchr(base + from, Int32(byte), text.count - from) {
          if Self.escapeStarts.contains(byte) { return nil }
          let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          for prefix in prefixes where prefix[0] == byte && text.count - start >= prefix.count {
            if memcmp(base + start, prefix, prefix.count) == 0 { return nil }
          }
          from = start + 1
        }
      }
      return true
    } ?? nil
  }

  /// ``SecretMatch/escapeStarts`` as bytes.
  private static let escapeStartBytes = SecretMatch.escapeStarts.map { UInt8($0.value) }
  private static let escapeStarts = ByteSet(escapeStartBytes)

  /// A set of byte values, one bit each.
  private struct ByteSet: Sendable {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ bytes: [UInt8] = []) { for byte in bytes { insert(byte) } }

    mutating func insert(_ byte: UInt8) {
      let bit = UInt64(1) << UInt64(byte & 63)
      switch byte >> 6 {
      case 0: bits.0 |= bit
      case 1: bits.1 |= bit
      case 2: bits.2 |= bit
      default: bits.3 |= bit
      }
    }

    func contains(_ byte: UInt8) -> Bool {
      let bit = UInt64(1) << UInt64(byte & 63)
      switch byte >> 6 {
      case 0: return bits.0 & bit != 0
      case 1: return bits.1 & bit != 0
      case 2: return bits.2 & bit != 0
      default: return bits.3 & bit != 0
      }
    }
  }

  /// Texts longer than this (in UTF-8 bytes) are scrubbed line by line.
  private static let lineByLineSize = 1 << 16

  private func scrubScalars(_ text: String) -> String {
    // Copied one scalar at a time into room for the most there can be (one a byte): `Array(text.unicodeScalars)`
    // would walk the text once more to count them first.
    var written: [Unicode.Scalar] = []
    written.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars { written.append(scalar) }
    // Text between replacements is copied a run at a time, and a text with nothing to replace is returned
    // as it came: most output holds no secret.
    var out = String.UnicodeScalarView()
    var (index, copied) = (0, 0)
    while index < written.count {
      guard mayStart(written[index]) else {
        index += 1
        continue
      }
      if let end = Self.placeholderEnd(in: written, at: index) {
        index = end
      } else if let (secret, end) = match(in: written, at: index) {
        out.append(contentsOf: written[copied..<index])
        out.append(contentsOf: password(secret).unicodeScalars)
        index = end
        copied = end
      } else {
        index += 1
      }
    }
    guard copied > 0 else { return text }
    out.append(contentsOf: written[copied...])
    return String(out)
  }

  /// Whether a secret, an escaped form or a placeholder may start with `scalar`.
  private func mayStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? asciiStarts.contains(UInt8(scalar.value)) : otherStarts.contains(scalar)
  }

  /// The longest secret written at `index`, and where it ends.
  private func match(in text: [Unicode.Scalar], at index: Int) -> (String, Int)? {
    // A secret starts with its own first character, raw, or with the first character of an escaped form.
    let first = text[index]
    let escaped = SecretMatch.escapeStarts.contains(first)
    for secret in scalars where escaped || secret.scalars.first == first {
      let end: Int?
      switch Self.plainMatch(secret.scalars, in: text, at: index) {
      case .some(let found): end = found
      case nil:
        var match = SecretMatch(secret: secret.scalars, text: text, start: index)
        end = match.end()
      }
      guard let end, Self.standsAlone(secret.scalars, in: text, from: index, to: end),
        !isKeptWord(secret.scalars, in: text, from: index, to: end)
      else { continue }
      return (secret.text, end)
    }
    return nil
  }

  /// Whether the secret written as is at `start..<end` lies inside a longer one of the kept words written whole
  /// (bounded by characters no word has).
  private func isKeptWord(_ secret: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int, to end: Int)
    -> Bool
  {
    guard !kept.isEmpty, end - start == secret.count else { return false }
    func inWord(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
    var (first, last) = (start, end)
    while first > 0, inWord(text[first - 1]) { first -= 1 }
    while last < text.count, inWord(text[last]) { last += 1 }
    guard last - first > secret.count else { return false }
    var word = String.UnicodeScalarView()
    word.append(contentsOf: text[first..<last])
    return kept.contains(String(word))
  }

  /// Secrets shorter than this are hidden only where they stand alone, not inside a longer word.
  static let shortestHiddenInWords = SecretMatch.minimumCut

  /// Whether a secret found at `start..<end` counts: a short one (a one- to three-character password, which only
  /// a weak-password test writes) only where no letter or digit touches it, since hiding `ca` in `showcase`
  /// both garbles the word and shows what the password was; a longer one wherever it is.
  private static func standsAlone(
    _ secret: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int, to end: Int
  )
    -> Bool
  {
    guard secret.count < shortestHiddenInWords else { return true }
    func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
    return (start == 0 || !isWordCharacter(text[start - 1]))
      && (end >= text.count || !isWordCharacter(text[end]))
  }

  /// The common case without ``SecretMatch``'s search: while the text holds no character an escaped form or a
  /// cut starts with, the secret can only be written as is. `end` when it is; `.some(nil)` when it is not
  /// (a plain character differs, or the text ends); nil when the text reaches such a character first, so the
  /// full search must decide.
  private static func plainMatch(_ secret: [Unicode.Scalar], in text: [Unicode.Scalar], at start: Int)
    -> Int??
  {
    for (offset, scalar) in secret.enumerated() {
      let index = start + offset
      guard index < text.count else { return .some(nil) }
      let written = text[index]
      if written == scalar, !SecretMatch.escapeStarts.contains(written) { continue }
      if SecretMatch.escapeStarts.contains(written) || written == "…" || written == "\u{FFFD}" { return nil }
      return .some(nil)
    }
    return .some(start + secret.count)
  }

  private static let placeholderHead = Array("‹password".unicodeScalars)

  /// The end of a placeholder (`‹password›`, `‹password 12›`) that starts at `index`.
  private static func placeholderEnd(in text: [Unicode.Scalar], at index: Int) -> Int? {
    let head = placeholderHead
    guard index + head.count < text.count, text[index..<(index + head.count)].elementsEqual(head) else {
      return nil
    }
    var end = index + head.count
    if text[end] == " " {
      end += 1
      let digits = end
      while end < text.count, ("0"..."9").contains(text[end]) { end += 1 }
      guard end > digits else { return nil }
    }
    return end < text.count && text[end] == "›" ? end + 1 : nil
  }

  /// `AbC123…` for a token, id or code.
  public static func shorten(_ secret: String) -> String {
    secret.count <= 6 ? secret : "\(secret.prefix(6))…"
  }
}
