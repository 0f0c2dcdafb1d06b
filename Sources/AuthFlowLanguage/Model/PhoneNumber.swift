/// The one rule for what counts as a phone number: E.164, as Firebase's phone sign-in wants it. The loader
/// (`given` accounts, `test_phone_numbers`) and the backend (`invalid-phone-number`) both use it.
public enum PhoneNumber {
  /// Whether `number` is E.164: `+`, a first digit 1–9, then 1 to 14 more digits (at most 15 in all).
  public static func isValid(_ number: String) -> Bool {
    let digits = number.utf8.dropFirst()
    guard number.utf8.first == UInt8(ascii: "+"), (2...15).contains(digits.count),
      let first = digits.first, first != UInt8(ascii: "0")
    else { return false }
    return digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Whether `code` can be a test number's fixed code: six ASCII digits, as the console takes them.
  public static func isTestCode(_ code: String) -> Bool {
    code.utf8.count == 6 && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// How many numbers for testing a project or tenant may have ("Add up to 10 phone numbers", Firebase docs,
  /// "Test with fictional phone numbers").
  public static let testNumberLimit = 10
}
