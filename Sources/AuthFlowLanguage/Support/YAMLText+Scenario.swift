/// Plain scalars and flow collections for the scenarios `explore` writes.
extension YAMLText {
  /// Words YAML 1.1 or 1.2 would read as something other than a string.
  private static let reserved: Set<String> = [
    "true", "false", "null", "~", "yes", "no", "on", "off", "y", "n", "none", "True", "False", "Null", "NULL",
    "TRUE", "FALSE", "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF", "Y", "N",
  ]

  /// `text` plain when YAML reads it back as that string, else double-quoted. `${` becomes `$${` where
  /// variables are substituted, so the loader reads it back literally.
  static func scalar(_ text: String, substituted: Bool = false) -> String {
    let text = substituted ? literal(text) : text
    return isPlain(text) ? text : quoted(text)
  }

  /// `text` with each `${` written `$${`: what the loader, which substitutes variables in every string of a
  /// scenario but `vars`, reads back as `text`.
  static func literal(_ text: String) -> String { text.replacing("${", with: "$${") }

  /// Letters, digits and `@ . _ + - / ~` only, starting with a letter, and not a word YAML reserves.
  private static func isPlain(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else {
      return false
    }
    guard !reserved.contains(text) else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "@._+-/~".unicodeScalars.contains(scalar))
    }
  }

  /// `{ key: value, ... }` from already written values.
  static func flow(_ pairs: [(String, String)]) -> String {
    pairs.isEmpty ? "{}" : "{ " + pairs.map { "\($0): \($1)" }.joined(separator: ", ") + " }"
  }

  /// `[a, b]` from already written values.
  static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

  /// A folded block scalar (`>-`), its lines wrapped at about `width` characters and indented by `indent`;
  /// text that folding would change (line breaks, runs of spaces, spaces at either end, characters YAML does
  /// not print) is written quoted instead, so the loader reads back exactly `text`.
  static func folded(_ text: String, indent: String, width: Int = 100) -> String {
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    guard !text.isEmpty, !words.contains(where: \.isEmpty), literalBlock(text, indent: indent) != nil,
      !text.contains(where: { $0.isWhitespace && $0 != " " })
    else { return quoted(text) }
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: \.isWhitespace) {
      if !line.isEmpty, line.count + 1 + word.count > width - indent.count {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return ">-\n" + lines.map { indent + $0 }.joined(separator: "\n")
  }
}
