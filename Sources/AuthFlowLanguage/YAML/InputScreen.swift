/// Checks a file's bytes before the YAML parser sees them, so hostile input gets a clear error with a
/// position instead of a parser failure without one (or an unbounded amount of work).
///
/// One pass over the bytes finds invalid UTF-8, NUL bytes and the control characters libyaml refuses.
/// A second pass, run only when the file contains both `&` and `*`, rejects alias and collection keys up
/// front, with a message that says why: a scenario's keys are plain names, and a key that names an anchored
/// collection is how an alias bomb reaches any code that compares or hashes keys in full.
struct InputScreen {
  /// A problem and its 1-based line and column (counted in Unicode scalars, as libyaml counts them).
  struct Finding: Equatable {
    var problem: LoadProblem
    var line: Int
    var column: Int
  }

  /// The first problem in `bytes`; `checkUTF8: false` when the bytes come from a Swift string.
  static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, checkUTF8: Bool = true) -> Finding? {
    isPlain(bytes) ? nil : firstProblemPlaced(in: bytes, checkUTF8: checkUTF8)
  }

  /// Whether `bytes` are plainly fine: printable ASCII, line feeds, tabs and well-formed UTF-8 of printable
  /// characters, with no `*` or `&` (which call for the key check) and nothing that counts lines otherwise
  /// (`\r`, U+0085, U+2028, U+2029). Most scenario files are; this pass keeps no line or column, so it costs a
  /// comparison or two a byte, and anything else goes to the pass that places what it finds.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    while index < count {
      // Eight bytes at a time while they are all plain ASCII: most of every file.
      if index + 8 <= count, isPlainASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
        index += 8
        continue
      }
      let byte = bytes[index]
      if (byte &- 0x20 < 0x5F && byte != 0x2A && byte != 0x26) || byte == 0x0A || byte == 0x09 {
        index += 1
        continue
      }
      guard byte >= 0x80, let (scalar, length) = decode(bytes, at: index) else { return false }
      switch scalar {
      case 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
        guard scalar != 0x2028, scalar != 0x2029 else { return false }
        index += length
      default:
        return false
      }
    }
    return true
  }

  /// Whether each of the eight bytes of `word` is printable ASCII other than `*` and `&`, a line feed or a tab;
  /// each test is exact byte by byte (no carry crosses a byte).
  private static func isPlainASCII(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low = word & ~high
    /// The high bit of each byte of `word` that equals `byte` (among bytes below 0x80).
    func equal(_ byte: UInt8) -> UInt64 {
      let difference = word ^ (ones &* UInt64(byte))
      return ~(((difference & ~high) &+ ~high) | difference) & high
    }
    let control = ~(low &+ ones &* 0x60) & high  // below 0x20
    let delete = equal(0x7F)
    let allowed = equal(0x0A) | equal(0x09)
    let bad = (word & high) | (control & ~allowed) | delete | equal(0x2A) | equal(0x26)
    return bad == 0
  }

  /// The first problem in `bytes`, with its line and column.
  private static func firstProblemPlaced(in bytes: UnsafeBufferPointer<UInt8>, checkUTF8: Bool) -> Finding? {
    var line = 1
    var column = 1
    var index = 0
    var sawStar = false
    var sawAmpersand = false
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      // Most of a scenario is printable ASCII: one comparison for it.
      if byte &- 0x20 < 0x5F, byte != 0x2A, byte != 0x26 {
        column += 1
        index += 1
        continue
      }
      if byte < 0x80 {
        switch byte {
        case 0x0A:
          line += 1
          column = 1
        case 0x0D:
          if index + 1 < count, bytes[index + 1] == 0x0A {
            column += 1
          } else {
            line += 1
            column = 1
          }
        case 0x00:
          return Finding(problem: .nulByte, line: line, column: column)
        case 0x09, 0x20...0x7E:
          if byte == 0x2A { sawStar = true } else if byte == 0x26 { sawAmpersand = true }
          column += 1
        default:
          return Finding(problem: .controlCharacter(codePoint: UInt32(byte)), line: line, column: column)
        }
        index += 1
        continue
      }
      guard let (scalar, length) = decode(bytes, at: index) else {
        if checkUTF8 { return Finding(problem: .invalidUTF8(byte: byte), line: line, column: column) }
        index += 1
        continue
      }
      switch scalar {
      case 0x85, 0x2028, 0x2029:
        line += 1
        column = 1
      case 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
        column += 1
      default:
        return Finding(problem: .controlCharacter(codePoint: scalar), line: line, column: column)
      }
      index += length
    }
    if sawStar, sawAmpersand, let (line, column) = firstRiskyKey(in: bytes) {
      return Finding(problem: .unsupportedKey, line: line, column: column)
    }
    return nil
  }

  /// Decodes the multi-byte UTF-8 sequence at `index`; nil when it is malformed.
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
    let lead = bytes[index]
    let length: Int
    var scalar: UInt32
    var lowest: UInt8 = 0x80
    var highest: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF:
      (length, scalar) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF:
      (length, scalar) = (3, UInt32(lead & 0x0F))
      if lead == 0xE0 { lowest = 0xA0 } else if lead == 0xED { highest = 0x9F }
    case 0xF0...0xF4:
      (length, scalar) = (4, UInt32(lead & 0x07))
      if lead == 0xF0 { lowest = 0x90 } else if lead == 0xF4 { highest = 0x8F }
    default:
      return nil
    }
    guard index + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte >= (offset == 1 ? lowest : 0x80), byte <= (offset == 1 ? highest : 0xBF) else { return nil }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    return (scalar, length)
  }

  /// Where the file uses an alias or a collection as a mapping key, if it also anchors a collection.
  ///
  /// Deliberately lexical and over-cautious: it reads every byte as if it could start a token (quotes,
  /// comments and block scalars are not skipped), so it cannot miss a key that libyaml would see; the
  /// price is a false alarm on text that looks like both an anchored collection and such a key.
  static func firstRiskyKey(in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int)? {
    var anchorsCollection = false
    var risky: (line: Int, column: Int)?
    var line = 1
    var column = 1
    var index = 0
    let count = bytes.count
    func isNameByte(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || byte == 0x2D || byte == 0x5F
    }
    /// The index after spaces and tabs from `start`.
    func skipBlanks(_ start: Int) -> Int {
      var position = start
      while position < count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
      return position
    }
    while index < count {
      let byte = bytes[index]
      let startsToken = index == 0 || !isNameByte(bytes[index - 1])
      switch byte {
      case 0x26 where startsToken:  // & anchor: on a collection when followed by [, {, !, # or a line end
        var end = index + 1
        while end < count, isNameByte(bytes[end]) { end += 1 }
        let next = skipBlanks(end)
        if end > index + 1, next == count || [0x5B, 0x7B, 0x21, 0x23, 0x0A, 0x0D].contains(bytes[next]) {
          anchorsCollection = true
        }
      case 0x2A where startsToken && risky == nil:  // *alias followed by ':' is a key
        var end = index + 1
        while end < count, isNameByte(bytes[end]) { end += 1 }
        let next = skipBlanks(end)
        if end > index + 1, next < count, bytes[next] == 0x3A { risky = (line, column) }
      case 0x3F where startsToken && risky == nil:  // '?' explicit key, unless it starts a plain word
        if index + 1 == count || !isNameByte(bytes[index + 1]) { risky = (line, column) }
      case 0x5D, 0x7D:  // ']' or '}' followed by ':' is a collection used as a key
        let next = skipBlanks(index + 1)
        if risky == nil, next < count, bytes[next] == 0x3A { risky = (line, column) }
      case 0x0A:
        line += 1
        column = 0
      default:
        break
      }
      if byte & 0xC0 != 0x80 { column += 1 }
      index += 1
      if anchorsCollection, risky != nil { return risky }
    }
    return nil
  }
}
