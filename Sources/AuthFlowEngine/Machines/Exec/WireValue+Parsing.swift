import AuthFlowLanguage

/// Reading one protocol line as JSON (RFC 8259), keeping every number as the text the adapter wrote.
///
/// Foundation's decoders turn numbers into `Double` or 64-bit integers, so a call id such as
/// `123456789012345678901234567890` came back as `1.2345678901234568e+29`; this reader never converts a
/// number, so whatever the harness echoes (a call's `id`) crosses exactly as it was sent.
extension WireValue {
  /// How deep arrays and objects may nest in one line; deeper is not a protocol message.
  static let maximumNesting = 512

  /// What makes a line not JSON, for tests; a message says only "not JSON".
  struct SyntaxError: Error, Equatable {
    var offset: Int
    var reason: String
  }

  /// Parses one line of JSON: a single value, with whitespace around it allowed.
  static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> WireValue {
    var reader = Reader(bytes: bytes)
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.isAtEnd else { throw reader.error("text after the value") }
    return value
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    func error(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(SyntaxError) -> WireValue {
      guard index < bytes.count else { throw error("a value is missing") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try object(depth: depth + 1)
      case UInt8(ascii: "["): return try array(depth: depth + 1)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      default: return .number(try number())
      }
    }

    private mutating func literal(_ word: String, _ value: WireValue) throws(SyntaxError) -> WireValue {
      let expected = Array(word.utf8)
      guard bytes[index...].starts(with: expected) else { throw error("not a value") }
      index += expected.count
      return value
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> WireValue {
      guard depth <= WireValue.maximumNesting else { throw error("nested too deep") }
      index += 1
      var members: [Member] = []
      skipWhitespace()
      if consume(UInt8(ascii: "}")) { return .object(members) }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a key is missing") }
        let key = try string()
        skipWhitespace()
        guard consume(UInt8(ascii: ":")) else { throw error("':' is missing") }
        skipWhitespace()
        let member = Member(key: key, value: try value(depth: depth))
        // A repeated key keeps its first place and its last value, as most JSON readers do.
        if let earlier = members.firstIndex(where: { $0.key == key }) {
          members[earlier] = member
        } else {
          members.append(member)
        }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        guard consume(UInt8(ascii: ",")) else { throw error("',' or '}' is missing") }
      }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> WireValue {
      guard depth <= WireValue.maximumNesting else { throw error("nested too deep") }
      index += 1
      var values: [WireValue] = []
      skipWhitespace()
      if consume(UInt8(ascii: "]")) { return .array(values) }
      while true {
        skipWhitespace()
        values.append(try value(depth: depth))
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(values) }
        guard consume(UInt8(ascii: ",")) else { throw error("',' or ']' is missing") }
      }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func number() throws(SyntaxError) -> String {
      let start = index
      _ = consume(UInt8(ascii: "-"))
      if !consume(UInt8(ascii: "0")) {
        guard digits() > 0 else { throw error("not a value") }
      }
      if consume(UInt8(ascii: ".")) {
        guard digits() > 0 else { throw error("a digit is missing after '.'") }
      }
      if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
        if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
        guard digits() > 0 else { throw error("a digit is missing in the exponent") }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - start
    }

    private mutating func string() throws(SyntaxError) -> String {
      index += 1
      var scalars = String.UnicodeScalarView()
      var run = index
      func flush(upTo end: Int) throws(SyntaxError) {
        guard run < end else { return }
        guard let text = String(validating: bytes[run..<end], as: UTF8.self) else {
          throw error("not UTF-8")
        }
        scalars.append(contentsOf: text.unicodeScalars)
      }
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          try flush(upTo: index)
          index += 1
          return String(scalars)
        case UInt8(ascii: "\\"):
          try flush(upTo: index)
          index += 1
          scalars.append(try escape())
          run = index
        case ..<0x20: throw error("a control character in a string")
        default: index += 1
        }
      }
      throw error("a string is not closed")
    }

    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
      guard index < bytes.count else { throw error("a string is not closed") }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return "\""
      case UInt8(ascii: "\\"): return "\\"
      case UInt8(ascii: "/"): return "/"
      case UInt8(ascii: "b"): return "\u{08}"
      case UInt8(ascii: "f"): return "\u{0C}"
      case UInt8(ascii: "n"): return "\n"
      case UInt8(ascii: "r"): return "\r"
      case UInt8(ascii: "t"): return "\t"
      case UInt8(ascii: "u"):
        let unit = try hexQuad()
        if (0xD800..<0xDC00).contains(unit) {
          guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
            throw error("a lone surrogate")
          }
          let low = try hexQuad()
          guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
          let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          guard let scalar = Unicode.Scalar(value) else { throw error("a lone surrogate") }
          return scalar
        }
        guard let scalar = Unicode.Scalar(unit) else { throw error("a lone surrogate") }
        return scalar
      default: throw error("an unknown escape")
      }
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
      guard index + 4 <= bytes.count else { throw error("'\\u' needs four hex digits") }
      var value: UInt32 = 0
      for byte in bytes[index..<index + 4] {
        guard let digit = hexDigit(byte) else { throw error("'\\u' needs four hex digits") }
        value = value << 4 | digit
      }
      index += 4
      return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
      default: nil
      }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }
  }
}
