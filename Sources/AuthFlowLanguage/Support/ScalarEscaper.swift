/// The loop every output format's escaper shares: each format (JSON, YAML, GitHub workflow commands, plain
/// text) declares only its own table of what a Unicode scalar becomes.
package enum ScalarEscaper {
  /// `text` with each scalar for which `replacement` returns a string replaced by it, the others kept, between
  /// `open` and `close`.
  @inline(__always)
  package static func escape(
    _ text: String, open: String = "", close: String = "", _ replacement: (Unicode.Scalar) -> String?
  ) -> String {
    var out = open
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
    }
    return out + close
  }

  /// The escapes JSON strings and YAML double-quoted scalars share: quote, backslash, line feed, tab.
  static func sharedBackslashEscape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\"": "\\\""
    case "\\": "\\\\"
    case "\n": "\\n"
    case "\t": "\\t"
    default: nil
    }
  }
}
