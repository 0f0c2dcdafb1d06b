/// Finds one secret at one place of a text, written as is or in any escaped form an output or an adapter may
/// give it, each character on its own: `\"`, `\\`, `\/` and `\uXXXX` (JSON, YAML), `\xXX`, `\UXXXXXXXX`, `\n`
/// and the other letter escapes (YAML), `\u{…}` (XML's stand-in for characters it cannot hold), `&amp;`,
/// `&#NN;`, `&#xNN;` (XML), `#quot;`, `#NN;` (Mermaid), `\*` (Markdown), `%NN` for each UTF-8 byte (GitHub annotations, links).
/// A secret cut short by an ellipsis (`…`, a shortened message) after at least ``minimumCut`` characters counts
/// too, so no message shows most of a password.
struct SecretMatch {
  let secret: [Unicode.Scalar]
  let text: [Unicode.Scalar]
  let start: Int
  /// (secret index, text index) pairs known not to lead to a match.
  private var dead: Set<Int> = []

  /// The fewest characters of a secret that, followed by `…`, count as the secret.
  static let minimumCut = 4
  /// The characters an escaped form starts with.
  static let escapeStarts: [Unicode.Scalar] = ["\\", "&", "#", "%"]

  init(secret: [Unicode.Scalar], text: [Unicode.Scalar], start: Int) {
    self.secret = secret
    self.text = text
    self.start = start
  }

  /// Where the secret written at `start` ends, or nil.
  mutating func end() -> Int? { end(matched: 0, at: start) }

  private mutating func end(matched: Int, at index: Int) -> Int? {
    guard matched < secret.count else { return index }
    let key = matched &* (text.count + 1) &+ index
    if dead.contains(key) { return nil }
    for next in Self.encodings(of: secret[matched], in: text, at: index) {
      if let end = end(matched: matched + 1, at: next) { return end }
    }
    dead.insert(key)
    return matched >= Self.minimumCut ? cut(at: index) : nil
  }

  /// Where the text was cut short at `index`: just before its `…` (a broken UTF-8 sequence before it included).
  private func cut(at index: Int) -> Int? {
    var index = index
    if index < text.count, text[index] == "\u{FFFD}" { index += 1 }
    return index < text.count && text[index] == "…" ? index : nil
  }

  // MARK: - One character's forms

  /// The ends of every form of `scalar` written at `index`, escaped forms first.
  static func encodings(of scalar: Unicode.Scalar, in text: [Unicode.Scalar], at index: Int) -> [Int] {
    guard index < text.count else { return [] }
    var ends: [Int] = []
    switch text[index] {
    case "\\": ends += backslashed(scalar, in: text, at: index + 1)
    case "&": ends += entity(scalar, in: text, at: index + 1, names: xmlNames)
    case "#": ends += entity(scalar, in: text, at: index + 1, names: xmlNames)
    case "%":
      // Each byte of its UTF-8 encoding as `%NN`.
      var end = index
      for byte in String(scalar).utf8 {
        guard end < text.count, text[end] == "%", hex(text, from: end + 1, digits: 2) == UInt32(byte) else {
          end = -1
          break
        }
        end += 3
      }
      if end > index { ends.append(end) }
    default: break
    }
    if text[index] == scalar { ends.append(index + 1) }
    return ends
  }

  /// The letter escapes of YAML double-quoted scalars (a superset of JSON's).
  private static let letters: [Unicode.Scalar: Unicode.Scalar] = [
    "n": "\n", "t": "\t", "r": "\r", "b": "\u{8}", "f": "\u{C}", "0": "\u{0}", "a": "\u{7}", "v": "\u{B}",
    "e": "\u{1B}", "N": "\u{85}", "_": "\u{A0}", "L": "\u{2028}", "P": "\u{2029}", " ": " ", "/": "/",
  ]

  /// Entity names of XML (and Mermaid, which writes them after `#`).
  private static let xmlNames: [String: Unicode.Scalar] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
  ]

  /// `scalar` escaped after a backslash at `index - 1`.
  private static func backslashed(_ scalar: Unicode.Scalar, in text: [Unicode.Scalar], at index: Int) -> [Int]
  {
    guard index < text.count else { return [] }
    let escape = text[index]
    // `\"`, `\\`, `\/`, Markdown's `\*`, …: any ASCII punctuation after a backslash.
    if escape == scalar, (0x21...0x7E).contains(scalar.value), !Character(scalar).isLetter,
      !Character(scalar).isNumber
    {
      return [index + 1]
    }
    if letters[escape] == scalar { return [index + 1] }
    switch escape {
    case "x": return hex(text, from: index + 1, digits: 2) == scalar.value ? [index + 3] : []
    case "U": return hex(text, from: index + 1, digits: 8) == scalar.value ? [index + 9] : []
    case "u":
      if index + 1 < text.count, text[index + 1] == "{" {
        var end = index + 2
        while end < text.count, end < index + 11, text[end] != "}" { end += 1 }
        guard end < text.count, text[end] == "}",
          hex(text, from: index + 2, digits: end - index - 2) == scalar.value
        else { return [] }
        return [end + 1]
      }
      guard let unit = hex(text, from: index + 1, digits: 4) else { return [] }
      if unit == scalar.value { return [index + 5] }
      // A character beyond the Basic Multilingual Plane as a UTF-16 surrogate pair.
      guard scalar.value > 0xFFFF, (0xD800...0xDBFF).contains(unit), index + 10 < text.count,
        text[index + 5] == "\\", text[index + 6] == "u", let low = hex(text, from: index + 7, digits: 4),
        (0xDC00...0xDFFF).contains(low), 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00) == scalar.value
      else { return [] }
      return [index + 11]
    default: return []
    }
  }

  /// `scalar` as an entity (`amp;`, `#38;`, `#x26;`) after its `&` or `#` at `index - 1`.
  private static func entity(
    _ scalar: Unicode.Scalar, in text: [Unicode.Scalar], at index: Int, names: [String: Unicode.Scalar]
  ) -> [Int] {
    var end = index
    while end < text.count, end < index + 10, text[end] != ";" { end += 1 }
    guard end < text.count, text[end] == ";", end > index else { return [] }
    let name = String(String.UnicodeScalarView(text[index..<end]))
    if names[name] == scalar { return [end + 1] }
    guard name.hasPrefix("#") else {
      // Mermaid writes numbers right after its `#`.
      return UInt32(name, radix: 10) == scalar.value ? [end + 1] : []
    }
    let number = name.dropFirst()
    let value =
      number.hasPrefix("x") || number.hasPrefix("X")
      ? UInt32(number.dropFirst(), radix: 16) : UInt32(number, radix: 10)
    return value == scalar.value ? [end + 1] : []
  }

  /// The value of `digits` hexadecimal digits at `index`, or nil.
  private static func hex(_ text: [Unicode.Scalar], from index: Int, digits: Int) -> UInt32? {
    guard digits > 0, digits <= 8, index + digits <= text.count else { return nil }
    var value: UInt32 = 0
    for scalar in text[index..<(index + digits)] {
      guard let digit = Character(scalar).hexDigitValue else { return nil }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
