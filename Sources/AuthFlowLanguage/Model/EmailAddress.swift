/// The one rule for what counts as an email address, used by the loader (`given` accounts, `to:`) and by the
/// backend (`invalid-email`), so a scenario can never hold an address the backend would refuse or the other
/// way round.
public enum EmailAddress {
  /// Whether `email` is an address production accepts: one `@` with something before it, no white space or
  /// control character (NUL, DEL, U+0080 to U+009F), and a domain with a dot that neither starts nor ends it and has no `..`.
  public static func isValid(_ email: String) -> Bool {
    if let valid = isValidASCII(email) { return valid }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace),
      !email.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return false }
    let domain = parts[1]
    return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".") && !domain.contains("..")
  }

  /// The domain of an address, lowercased (`gmail.com` for `Eve@GMail.com`); nil without an `@`. The
  /// backend matches it against `trusted_providers` entries written `PROVIDER@domain`.
  public static func domain(of email: String) -> String? {
    guard let at = email.lastIndex(of: "@") else { return nil }
    return email[email.index(after: at)...].lowercased()
  }

  /// `isValid` for an ASCII address, byte by byte (nil for any other): sign-ins and sign-ups check every
  /// address, and `authflow explore` makes hundreds of thousands of them.
  private static func isValidASCII(_ email: String) -> Bool? {
    var at: Int?
    var count = 0
    for byte in email.utf8 {
      if byte >= 0x80 { return nil }
      if byte == UInt8(ascii: "@") {
        if at != nil { return false }
        at = count
      }
      // Space and the control characters (NUL, tab, line feed, …, DEL).
      if byte <= 0x20 || byte == 0x7F { return false }
      count += 1
    }
    guard let at, at > 0 else { return false }
    let domain = email.utf8.dropFirst(at + 1)
    guard let first = domain.first, let last = domain.last, first != UInt8(ascii: "."),
      last != UInt8(ascii: ".")
    else { return false }
    var sawDot = false
    var previous: UInt8 = 0
    for byte in domain {
      if byte == UInt8(ascii: ".") {
        if previous == UInt8(ascii: ".") { return false }
        sawDot = true
      }
      previous = byte
    }
    return sawDot
  }
}
