import Testing

@testable import AuthFlowLanguage

/// `PlainText`'s byte-level check agrees with its definition of a control character, for every character
/// from NUL to past the bidirectional isolates, alone and inside other text (at several places around the
/// eight-byte words it reads at a time).
@Suite struct PlainTextTests {
  @Test(arguments: [false, true])
  func theByteCheckFindsExactlyTheControlCharacters(lineBreaks: Bool) {
    for value in UInt32(0)...0x2100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = PlainText.isControl(scalar) && !(lineBreaks && (scalar == "\n" || scalar == "\t"))
      // Also past and across the eight-byte words the check reads at a time, and after a whole printable word.
      let padded = [7, 8, 13, 16].map { String(repeating: "x", count: $0) + String(scalar) + "yyyyyyyyy" }
      for text in [String(scalar), "name \(scalar) é", "ü\(scalar)"] + padded {
        #expect(
          PlainText.holdsControl(text, allowingLineBreaks: lineBreaks) == expected,
          "U+\(String(value, radix: 16)) in \(text.debugDescription)")
      }
    }
  }

  @Test func visibleRewritesOnlyWhatItMust() {
    #expect(PlainText.visible("Sign in as Ada — ok") == "Sign in as Ada — ok")
    #expect(PlainText.visible("a\nb\u{202E}c\u{85}") == "a\\nb\\u{202E}c\\u{85}")
  }
}
