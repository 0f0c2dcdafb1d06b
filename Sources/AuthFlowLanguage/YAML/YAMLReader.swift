import CYaml

/// Turns a file's bytes into `YAMLNode` trees, reading libyaml's events directly (libyaml as Yams ships
/// it), and libyaml's errors into placed problems.
///
/// It builds only what the loader reads: no tags, no implicit typing (every scalar stays text and the
/// loader decides what it means: `yes` is not a boolean, `010` is not octal). It composes without
/// recursion, checks each mapping for a key written twice and reports the second one, and keeps anchors
/// per document, as YAML defines them. Composing this way instead of through Yams' `Node` tree halves
/// the loader's time (see `Benchmarks/README.md`).
enum YAMLReader {
  /// What stopped the parser: the problem, and the lines it involves (from where libyaml's context starts,
  /// an unterminated quote say, to where it gave up), so the loader can set them aside and read on.
  struct Stop {
    var problem: Located<LoadProblem>
    /// The first and last line (1-based) of the text the problem involves.
    var lines: ClosedRange<Int>

    init(_ problem: Located<LoadProblem>, from firstLine: Int? = nil) {
      self.problem = problem
      let last = problem.location.line
      lines = min(firstLine ?? last, last)...last
    }
  }

  /// Calls `body` with each document's root and what makes it invalid though it was read: the tags it writes
  /// and the keys it writes twice (each reported at its second occurrence, the first one kept, so a duplicate
  /// key hides no other problem), in order, until it returns
  /// false; returns what stopped the parser, if anything. Documents before a syntax error are still delivered.
  static func forEachDocument(
    in bytes: UnsafeBufferPointer<UInt8>, file: String,
    _ body: (_ root: YAMLNode, _ problems: [Located<LoadProblem>]) -> Bool
  ) -> Stop? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      return Stop(
        Located(
          .invalidYAML(problem: "out of memory", context: nil),
          at: SourceLocation(file: file, line: 1, column: 1)))
    }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)

    var composer = Composer()
    var event = yaml_event_t()
    while true {
      guard yaml_parser_parse(&parser, &event) == 1 else {
        return problem(of: parser, in: bytes, file: file)
      }
      defer { yaml_event_delete(&event) }
      switch composer.take(event) {
      case .more:
        continue
      case .document(let root, let duplicates, let tags):
        let problems =
          tags.map { Located(LoadProblem.yamlTag(tag: $0.tag), at: location($0.mark, in: file)) }
          + duplicates.map { Located(LoadProblem.duplicateKey(key: $0.key), at: location($0.mark, in: file)) }
        guard body(root, problems) else { return nil }
      case .undefinedAlias(let mark):
        return Stop(
          Located(.invalidYAML(problem: "found undefined alias", context: nil), at: location(mark, in: file)))
      case .end:
        return nil
      }
    }
  }

  static func location(_ mark: YAMLMark, in file: String) -> SourceLocation {
    SourceLocation(file: file, line: Int(mark.line), column: Int(mark.column))
  }

  // MARK: - Composing

  /// Builds one document's tree from events, keeping open collections on a stack of its own.
  private struct Composer {
    enum Outcome {
      case more
      case document(
        YAMLNode, duplicates: [(key: String, mark: YAMLMark)], tags: [(tag: String, mark: YAMLMark)])
      case undefinedAlias(YAMLMark)
      case end
    }

    /// A collection whose end event has not come yet; what it holds so far is `pending[start...]`, and for a
    /// mapping, the text of its keys so far is `keys[keyStart...]`.
    private struct Open {
      var isMapping: Bool
      var anchor: String?
      var mark: YAMLMark
      var start: Int
      var keyStart: Int
    }

    private var open: [Open] = []
    /// The values of every open collection, innermost last (a mapping's keys and values alternate): one
    /// growing list instead of one per collection, so a closed collection's array is made once, at its size.
    private var pending: [YAMLNode] = []
    /// The keys of every open mapping as text (nil for a key that is not a scalar), kept beside `pending` so
    /// that finding a key written twice copies no node.
    private var keys: [String?] = []
    private var root: YAMLNode?
    /// Keys written twice in the current document, at their second occurrence.
    private var duplicates: [(key: String, mark: YAMLMark)] = []
    /// Tags written in the current document (`!!binary`), where each is.
    private var tags: [(tag: String, mark: YAMLMark)] = []
    private var anchors: [String: YAMLNode] = [:]

    init() {
      // Room for a scenario file's usual depth and width from the start, instead of growing for each file.
      open.reserveCapacity(16)
      pending.reserveCapacity(64)
      keys.reserveCapacity(32)
    }

    mutating func take(_ event: yaml_event_t) -> Outcome {
      let mark = YAMLMark(
        line: Int32(clamping: event.start_mark.line + 1), column: Int32(clamping: event.start_mark.column + 1)
      )
      switch event.type {
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        noteTag(scalar.tag, at: mark)
        let text = Self.text(scalar.value, count: scalar.length)
        let node = YAMLNode.scalar(
          .init(string: text, isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE, mark: mark))
        return add(node, anchor: Self.name(scalar.anchor), text: text)
      case YAML_ALIAS_EVENT:
        guard let name = Self.name(event.data.alias.anchor), let node = anchors[name] else {
          return .undefinedAlias(mark)
        }
        let text: String? = if case .scalar(let scalar) = node { scalar.string } else { nil }
        return add(node, anchor: nil, text: text)
      case YAML_SEQUENCE_START_EVENT:
        noteTag(event.data.sequence_start.tag, at: mark)
        open.append(
          Open(
            isMapping: false, anchor: Self.name(event.data.sequence_start.anchor), mark: mark,
            start: pending.count, keyStart: keys.count))
        return .more
      case YAML_MAPPING_START_EVENT:
        noteTag(event.data.mapping_start.tag, at: mark)
        open.append(
          Open(
            isMapping: true, anchor: Self.name(event.data.mapping_start.anchor), mark: mark,
            start: pending.count, keyStart: keys.count))
        return .more
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        guard let closed = open.popLast() else { return .more }
        // Read by index, never through a slice: a slice alive at `removeSubrange` would copy all of `pending`.
        let node: YAMLNode
        if closed.isMapping {
          var pairs: [YAMLNode.Mapping.Pair] = []
          pairs.reserveCapacity((pending.count - closed.start) / 2)
          var index = closed.start
          while index + 1 < pending.count {
            pairs.append(.init(key: pending[index], value: pending[index + 1]))
            index += 2
          }
          if hasRepeatedKey(from: closed.keyStart) { pairs = keepingFirst(pairs) }
          // One by one: a mapping has a few keys, and the generic `removeLast(_:)` costs more than that.
          while keys.count > closed.keyStart { keys.removeLast() }
          node = .mapping(.init(pairs: pairs, mark: closed.mark))
        } else {
          var items: [YAMLNode] = []
          items.reserveCapacity(pending.count - closed.start)
          for index in closed.start..<pending.count { items.append(pending[index]) }
          node = .sequence(.init(items: items, mark: closed.mark))
        }
        // One by one, as the keys: a collection holds a few values, and `removeSubrange` costs more than that.
        while pending.count > closed.start { pending.removeLast() }
        return add(node, anchor: closed.anchor, text: nil)
      case YAML_DOCUMENT_START_EVENT:
        anchors.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        root = nil
        duplicates = []
        tags = []
        return .more
      case YAML_DOCUMENT_END_EVENT:
        guard let root else { return .more }
        self.root = nil
        defer { (duplicates, tags) = ([], []) }
        return .document(root, duplicates: duplicates, tags: tags)
      case YAML_STREAM_END_EVENT:
        return .end
      default:
        return .more
      }
    }

    /// Notes an explicit tag (libyaml gives none for a plain value).
    private mutating func noteTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, at mark: YAMLMark) {
      guard let name = Self.name(tag) else { return }
      // `!!binary` as written, not as libyaml expands it.
      let core = "tag:yaml.org,2002:"
      tags.append((name.hasPrefix(core) ? "!!" + name.dropFirst(core.count) : name, mark))
    }

    /// Puts a finished value into the collection that holds it, or makes it the document's root; `text` is
    /// its text when it is a scalar, which a mapping keeps when the value is one of its keys.
    private mutating func add(_ node: YAMLNode, anchor: String?, text: String?) -> Outcome {
      if let anchor { anchors[anchor] = node }
      guard let holder = open.last else {
        root = node
        return .more
      }
      if holder.isMapping, (pending.count - holder.start) & 1 == 0 { keys.append(text) }
      pending.append(node)
      return .more
    }

    /// Whether the mapping whose keys start at `keys[start]` writes a scalar key twice.
    private func hasRepeatedKey(from start: Int) -> Bool {
      let count = keys.count - start
      guard count > 1 else { return false }
      if count <= 16 {
        for later in (start + 1)..<keys.count {
          guard let key = keys[later] else { continue }
          for earlier in start..<later where keys[earlier] == key { return true }
        }
        return false
      }
      var seen = Set<String>(minimumCapacity: count)
      for index in start..<keys.count {
        if let key = keys[index], !seen.insert(key).inserted { return true }
      }
      return false
    }

    /// `pairs` without the later occurrences of a scalar key, each of which is noted in `duplicates`.
    private mutating func keepingFirst(_ pairs: [YAMLNode.Mapping.Pair]) -> [YAMLNode.Mapping.Pair] {
      var seen = Set<String>(minimumCapacity: pairs.count)
      return pairs.filter { pair in
        guard case .scalar(let key) = pair.key, !seen.insert(key.string).inserted else { return true }
        duplicates.append((key.string, key.mark))
        return false
      }
    }

    private static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
      guard let bytes, count > 0 else { return "" }
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      anchor.map { String(cString: $0) }
    }
  }

  // MARK: - Problems

  private static func problem(
    of parser: yaml_parser_t, in bytes: UnsafeBufferPointer<UInt8>, file: String
  ) -> Stop {
    var problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
    // libyaml's own wording names its C API; say what the user can change.
    if problem.hasPrefix("Maximum nesting level") { problem = "nested more than 1000 levels deep" }
    switch parser.error {
    case YAML_READER_ERROR:
      let (line, column) = position(ofByte: parser.problem_offset, in: bytes)
      return Stop(
        Located(
          .invalidYAML(problem: problem, context: nil),
          at: SourceLocation(file: file, line: line, column: column)))
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
      let context = parser.context.map {
        "\(String(cString: $0)) at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1)"
      }
      var at = SourceLocation(
        file: file, line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
      let (line, previous) = YAMLHint.lines(parser.problem_mark.line, in: bytes)
      var hint = YAMLHint.hint(
        problem: problem, context: context, line: line, previous: previous,
        itemAbove: YAMLHint.itemAbove(parser.problem_mark.line, in: bytes), column: at.column)
      // A key without its colon: libyaml gives up where the next line (or the file's end) starts; the slip is
      // the key, where the context says it started.
      if problem == "could not find expected ':'",
        parser.context.map({ String(cString: $0) }) == "while scanning a simple key"
      {
        at = SourceLocation(
          file: file, line: parser.context_mark.line + 1, column: parser.context_mark.column + 1)
        hint = YAMLHint.missingColon(
          in: YAMLHint.lines(parser.context_mark.line, in: bytes).0, column: at.column)
      }
      // A context that starts the slip (a quote, a flow collection, a key) involves the lines from it; a block
      // collection or mapping's start is only where the list or mapping that the slip broke began.
      let startsTheSlip =
        parser.context.map { !String(cString: $0).hasPrefix("while parsing a block") } ?? false
      return Stop(
        Located(.invalidYAML(problem: problem, context: context, hint: hint), at: at),
        from: startsTheSlip ? parser.context_mark.line + 1 : nil)
    default:
      return Stop(
        Located(
          .invalidYAML(problem: problem, context: nil), at: SourceLocation(file: file, line: 1, column: 1)))
    }
  }

  /// The line and column of a byte offset, columns counted in characters as libyaml counts them.
  private static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
    var (line, column) = (1, 1)
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        (line, column) = (line + 1, 1)
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
