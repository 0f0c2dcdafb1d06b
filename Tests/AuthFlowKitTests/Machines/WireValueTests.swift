import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Reading the adapter protocol's JSON lines: numbers keep their text, members their order, and anything
/// that is not one JSON value is refused without crashing.
@Suite("exec: wire values")
struct WireValueTests {
  @Test func numbersAndMembersCrossAsWritten() throws {
    let line =
      #"{"type":"call","id":123456789012345678901234567890,"b":-1.50e+3,"a":[0,true,null,"\u00e9\ud83d\ude00"]}"#
    let value = try WireValue.parse(Array(line.utf8))
    #expect(
      value.line
        == #"{"type":"call","id":123456789012345678901234567890,"b":-1.50e+3,"a":[0,true,null,"é😀"]}"#)
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"\\x\"", "\"\\ud800\"", "{} {}", "\"\u{01}\"",
    String(repeating: "[", count: 100_000),
  ])
  func whatIsNotOneJSONValueIsRefused(_ line: String) {
    #expect(throws: WireValue.SyntaxError.self) { try WireValue.parse(Array(line.utf8)) }
  }
}
