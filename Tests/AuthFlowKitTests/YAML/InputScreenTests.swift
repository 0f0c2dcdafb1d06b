import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// The byte-level screen run before libyaml.
@Suite struct InputScreenTests {
  func finding(_ text: String) -> InputScreen.Finding? {
    Array(text.utf8).withUnsafeBufferPointer { InputScreen.firstProblem(in: $0) }
  }

  func finding(_ bytes: [UInt8]) -> InputScreen.Finding? {
    bytes.withUnsafeBufferPointer { InputScreen.firstProblem(in: $0) }
  }

  @Test func passesOrdinaryText() {
    #expect(finding("scenario: Ünïcödé ✓ 🎉\r\nsteps:\n\t- launch\n") == nil)
  }

  /// The screen reads plain text eight bytes at a time; a problem is found wherever it falls in such a word.
  @Test(arguments: [UInt8(0x00), 0x01, 0x1F, 0x7F, 0xFF])
  func findsAControlByteAtEveryPlaceOfAWord(byte: UInt8) {
    for offset in 0..<17 {
      var bytes = Array("key: value, more text".utf8)
      bytes[offset] = byte
      let found = finding(bytes)
      #expect(found != nil, "byte \(byte) at \(offset)")
      #expect(found?.column == offset + 1, "byte \(byte) at \(offset)")
    }
  }

  @Test func lineFeedsTabsAndPrintableTextAreFineInEveryPlaceOfAWord() {
    for offset in 0..<17 {
      for byte in [UInt8(0x0A), 0x09, 0x20, 0x7E] {
        var bytes = Array("key: value, more text".utf8)
        bytes[offset] = byte
        #expect(finding(bytes) == nil, "byte \(byte) at \(offset)")
      }
    }
  }

  @Test func placesProblemsByLineAndUnicodeScalarColumn() {
    #expect(
      finding("a: é\u{1}")
        == InputScreen.Finding(problem: .controlCharacter(codePoint: 1), line: 1, column: 5))
    #expect(
      finding("a\r\nb\rc: \u{7F}")
        == InputScreen.Finding(problem: .controlCharacter(codePoint: 0x7F), line: 3, column: 4))
    #expect(
      finding([0x61, 0x0A, 0xE2, 0x82])
        == InputScreen.Finding(problem: .invalidUTF8(byte: 0xE2), line: 2, column: 1))
    #expect(
      finding([0xED, 0xA0, 0x80])
        == InputScreen.Finding(problem: .invalidUTF8(byte: 0xED), line: 1, column: 1))
    #expect(
      finding([0xC0, 0x80]) == InputScreen.Finding(problem: .invalidUTF8(byte: 0xC0), line: 1, column: 1))
    #expect(finding("x: \u{85}\u{0}") == InputScreen.Finding(problem: .nulByte, line: 2, column: 1))
    #expect(
      finding("x: \u{FFFE}")
        == InputScreen.Finding(problem: .controlCharacter(codePoint: 0xFFFE), line: 1, column: 4))
  }

  @Test func refusesAliasAndCollectionKeysOnlyWhenCollectionsAreAnchored() {
    let anchored = "base: &base [a, b]\n"
    for key in ["*base : 1", "? *base\n: 1", "[*base]: 1", "{a: *base}: 1", "- {?*base : 1}"] {
      #expect(finding(anchored + key)?.problem == .unsupportedKey, "\(key)")
    }
    #expect(finding(anchored + "x: *base\ny: [*base]\n") == nil)
    #expect(finding("a: &name Alice\nb: *name\n? [x]\n: y\n") == nil)
    #expect(finding("note: see [1]: *emphasis* here, why? because\npassword: p&ss*word\n") == nil)
  }
}
