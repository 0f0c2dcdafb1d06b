extension Redactor {
  /// How a text is built: the net hides secrets in its values and never rewrites its structure, so a report
  /// stays a valid document whatever the passwords are (a password `summary` or `testcase` is one of its words).
  public enum Markup: Sendable {
    /// Text: every occurrence is hidden.
    case plain
    /// A JSON document: string values are scrubbed; object keys, numbers, punctuation and the values of
    /// `status`, `action` and `type` are not.
    case json
    /// An XML document: text content and attribute values are scrubbed; element and attribute names, the values
    /// of `status`, `action` and `type`, the declaration, comments and processing instructions are not.
    case xml
  }

  /// `text` with every secret in its values replaced by its placeholder, as ``scrub(_:)`` does, leaving the
  /// document's structure as it is.
  public func scrub(_ text: String, markup: Markup) -> String {
    if holdsNothingToHide(text) { return text }
    return switch markup {
    case .plain: scrub(text)
    case .json: scrubPieces(of: text, Self.jsonPieces)
    case .xml: scrubPieces(of: text, Self.xmlPieces)
    }
  }

  /// The keys (JSON) and attributes (XML) whose values authflow writes from a fixed set of its own words — a
  /// scenario's or a step's `status` (`passed`, `failed`, `errored`, `skipped`), a step's `action`, a failure's
  /// `type` — so no password can be one of them by being written there: a test's password `failed` leaves them
  /// as they are.
  static let keptKeys: Set<String> = ["status", "action", "type"]

  /// A stretch of a document: kept as written, or a value to scrub.
  private enum Piece {
    case kept(Range<Int>)
    case value(Range<Int>)
  }

  private func scrubPieces(of text: String, _ pieces: ([UInt8]) -> [Piece]) -> String {
    let bytes = Array(text.utf8)
    var out = ""
    out.reserveCapacity(bytes.count)
    for piece in pieces(bytes) {
      switch piece {
      case .kept(let range): out += String(decoding: bytes[range], as: UTF8.self)
      case .value(let range): out += scrub(String(decoding: bytes[range], as: UTF8.self))
      }
    }
    return out
  }

  /// A JSON document's string values (the insides of literals not followed by `:`); everything else is kept.
  private static func jsonPieces(_ bytes: [UInt8]) -> [Piece] {
    var pieces: [Piece] = []
    var kept = 0
    var index = 0
    var key = ""
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      let start = index + 1
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
        end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
      }
      end = min(end, bytes.count)
      var next = end + 1
      while next < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
      if next < bytes.count, bytes[next] == UInt8(ascii: ":") {
        key = String(decoding: bytes[start..<end], as: UTF8.self)
      } else if !keptKeys.contains(key) {
        pieces.append(.kept(kept..<start))
        pieces.append(.value(start..<end))
        kept = end
      }
      index = end + 1
    }
    pieces.append(.kept(kept..<bytes.count))
    return pieces
  }

  /// An XML document's text content and attribute values; tags' names, `<?…?>` and `<!…>` are kept.
  private static func xmlPieces(_ bytes: [UInt8]) -> [Piece] {
    var pieces: [Piece] = []
    var index = 0
    func find(_ byte: UInt8, from start: Int) -> Int {
      var at = start
      while at < bytes.count, bytes[at] != byte { at += 1 }
      return at
    }
    // The name of the attribute whose quoted value opens at `quote` (`type` in `type="failed"`).
    func attributeName(before quote: Int) -> String {
      var end = quote
      while end > 0, [UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
      var start = end
      while start > 0, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "<")].contains(bytes[start - 1]) { start -= 1 }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        let end = find(UInt8(ascii: "<"), from: index)
        pieces.append(.value(index..<end))
        index = end
        continue
      }
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        // A declaration, comment or doctype: kept whole, to its closing `>`.
        let close = min(find(UInt8(ascii: ">"), from: index) + 1, bytes.count)
        pieces.append(.kept(index..<close))
        index = close
        continue
      }
      // A tag: its name and attribute names kept, each quoted value scrubbed.
      var at = index
      var kept = index
      while at < bytes.count, bytes[at] != UInt8(ascii: ">") {
        let quote = bytes[at]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
          at += 1
          continue
        }
        let close = find(quote, from: at + 1)
        if !keptKeys.contains(attributeName(before: at)) {
          pieces.append(.kept(kept..<(at + 1)))
          pieces.append(.value((at + 1)..<close))
          kept = close
        }
        at = min(close + 1, bytes.count)
      }
      let end = min(at + 1, bytes.count)
      pieces.append(.kept(kept..<end))
      index = end
    }
    return pieces
  }
}
