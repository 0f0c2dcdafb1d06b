import AuthFlowLanguage

/// A worker's reply as one line of tab-separated fields: what ``WorkerLanes`` reads back into a
/// ``ScenarioResult``.
///
/// Written by hand rather than with `JSONEncoder`, which cost more than playing the scenario: a reply is a
/// fixed sequence of fields (counts before lists, `-` or `+` before optionals), each text escaped so that it
/// holds no tab or line break. A decoded result reads exactly as the original: its transcript entries are
/// their written text.
enum WorkerRecord {
  /// The line for `reply`, newline excluded.
  static func line(_ reply: WorkerMessage.Reply) -> [UInt8] {
    var writer = Writer()
    writer.flag(reply.retiring)
    if let unplayable = reply.unplayable {
      writer.text("unplayable")
      writer.text(unplayable)
    } else if let result = reply.result {
      writer.text("result")
      writer.result(result)
    } else {
      writer.text("none")
    }
    return writer.bytes
  }

  /// The reply `line` holds; nil when it is not one.
  static func reply(_ line: [UInt8]) -> WorkerMessage.Reply? {
    var reader = Reader(line)
    guard let retiring = reader.flag(), let kind = reader.text() else { return nil }
    var reply = WorkerMessage.Reply()
    reply.retiring = retiring
    switch kind {
    case "unplayable":
      guard let message = reader.text() else { return nil }
      reply.unplayable = message
    case "result":
      guard let result = reader.result() else { return nil }
      reply.result = result
    case "none": break
    default: return nil
    }
    return reader.isAtEnd ? reply : nil
  }

  // MARK: - Writing

  private struct Writer {
    var bytes: [UInt8] = []
    private var first = true

    mutating func text(_ value: String) {
      if !first { bytes.append(Self.tab) }
      first = false
      var value = value
      value.withUTF8 { utf8 in
        for byte in utf8 {
          switch byte {
          case Self.tab: bytes += [Self.backslash, UInt8(ascii: "t")]
          case Self.newline: bytes += [Self.backslash, UInt8(ascii: "n")]
          case Self.carriageReturn: bytes += [Self.backslash, UInt8(ascii: "r")]
          case Self.backslash: bytes += [Self.backslash, Self.backslash]
          default: bytes.append(byte)
          }
        }
      }
    }

    mutating func number<T: BinaryInteger>(_ value: T) { text(String(value)) }
    mutating func flag(_ value: Bool) { text(value ? "1" : "0") }

    mutating func optional(_ value: String?) {
      guard let value else { return text("-") }
      text("+")
      text(value)
    }

    mutating func location(_ location: SourceLocation) {
      text(location.file)
      number(location.line)
      number(location.column)
    }

    mutating func place(_ place: Place) {
      text(place.state)
      text(place.screen)
    }

    mutating func result(_ result: ScenarioResult) {
      text(result.name)
      location(result.location)
      text(result.file)
      text(result.machine)
      number(result.seed)
      number(result.tags.count)
      for tag in result.tags { text(tag) }
      optional(result.reproduces)
      text(result.status.rawValue)
      if let failure = result.failure {
        text("+")
        number(failure.step)
        location(failure.location)
        optional(failure.key)
        optional(failure.expected)
        optional(failure.actual)
        text(failure.message)
        optional(failure.violation?.invariant)
        if let violation = failure.violation { text(violation.message) }
        // Not `notPlayed`: a worker never sends such a result (once its executors are held it exits, and the run
        // plays the rest of its share), and `mutants`, which reads it, plays in one process.
      } else {
        text("-")
      }
      number(result.steps.count)
      for step in result.steps {
        number(step.number)
        location(step.location)
        text(step.action)
        text(step.status.rawValue)
      }
      number(result.transcript.count)
      for entry in result.transcript {
        number(entry.time.secondsSince1970)
        text(entry.actor)
        text(entry.text)
      }
      number(result.durationSeconds.bitPattern)
      number(result.transitions.count)
      for transition in result.transitions {
        place(transition.from)
        text(transition.action.rawValue)
        place(transition.to)
      }
    }

    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let backslash = UInt8(ascii: "\\")
  }

  // MARK: - Reading

  private struct Reader {
    private let fields: [ArraySlice<UInt8>]
    private var index = 0

    init(_ line: [UInt8]) {
      fields = line.split(separator: Writer.tab, omittingEmptySubsequences: false)
    }

    var isAtEnd: Bool { index == fields.count }

    mutating func text() -> String? {
      guard index < fields.count else { return nil }
      let field = fields[index]
      index += 1
      guard field.contains(Writer.backslash) else { return String(decoding: field, as: UTF8.self) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(field.count)
      var escaped = false
      for byte in field {
        if escaped {
          switch byte {
          case UInt8(ascii: "t"): bytes.append(Writer.tab)
          case UInt8(ascii: "n"): bytes.append(Writer.newline)
          case UInt8(ascii: "r"): bytes.append(Writer.carriageReturn)
          case Writer.backslash: bytes.append(Writer.backslash)
          default: return nil
          }
          escaped = false
        } else if byte == Writer.backslash {
          escaped = true
        } else {
          bytes.append(byte)
        }
      }
      return escaped ? nil : String(decoding: bytes, as: UTF8.self)
    }

    mutating func number<T: FixedWidthInteger>(_: T.Type = T.self) -> T? { text().flatMap { T($0) } }

    mutating func flag() -> Bool? {
      switch text() {
      case "1": true
      case "0": false
      default: nil
      }
    }

    /// A count of list items, at most the fields left (each item takes at least one).
    mutating func count() -> Int? {
      guard let count: Int = number(), count >= 0, count <= fields.count - index else { return nil }
      return count
    }

    mutating func optional() -> String?? {
      switch text() {
      case "-": .some(nil)
      case "+": text().map { .some($0) }
      default: nil
      }
    }

    mutating func location() -> SourceLocation? {
      guard let file = text(), let line: Int = number(), let column: Int = number() else { return nil }
      return SourceLocation(file: file, line: line, column: column)
    }

    mutating func place() -> Place? {
      guard let state = text(), let screen = text() else { return nil }
      return Place(state: state, screen: screen)
    }

    mutating func result() -> ScenarioResult? {
      guard let name = text(), let location = location(), let file = text(), let machine = text(),
        let seed: UInt64 = number(), let tagCount = count()
      else { return nil }
      var tags: [String] = []
      for _ in 0..<tagCount {
        guard let tag = text() else { return nil }
        tags.append(tag)
      }
      guard let reproduces = optional(), let status = text().flatMap(ScenarioResult.Status.init(rawValue:)),
        let failure = failure()
      else { return nil }
      guard let stepCount = count() else { return nil }
      var steps: [StepOutcome] = []
      steps.reserveCapacity(stepCount)
      for _ in 0..<stepCount {
        guard let number: Int = number(), let location = self.location(), let action = text(),
          let status = text().flatMap(StepOutcome.Status.init(rawValue:))
        else { return nil }
        steps.append(StepOutcome(number: number, location: location, action: action, status: status))
      }
      guard let entryCount = count() else { return nil }
      var transcript: [TranscriptEntry] = []
      transcript.reserveCapacity(entryCount)
      for _ in 0..<entryCount {
        guard let seconds: Int64 = number(), let actor = text(), let line = text() else { return nil }
        transcript.append(
          TranscriptEntry(time: VirtualTime(secondsSince1970: seconds), actor: actor, text: line))
      }
      guard let duration: UInt64 = number(), let transitionCount = count() else { return nil }
      var transitions: [Transition] = []
      for _ in 0..<transitionCount {
        guard let from = place(), let action = text().flatMap(ActionKind.init(rawValue:)), let to = place()
        else { return nil }
        transitions.append(Transition(from: from, action: action, to: to))
      }
      return ScenarioResult(
        name: name, file: file, location: location, machine: machine, seed: seed, tags: tags,
        reproduces: reproduces, status: status, failure: failure.value, steps: steps, transcript: transcript,
        durationSeconds: Double(bitPattern: duration), transitions: transitions)
    }

    /// The failure, boxed: `.some(nil)` for none, nil when the fields are not one.
    private mutating func failure() -> Boxed<Failure?>? {
      switch text() {
      case "-": return Boxed(value: nil)
      case "+": break
      default: return nil
      }
      guard let step: Int = number(), let location = location(), let key = optional(),
        let expected = optional(), let actual = optional(), let message = text(), let invariant = optional()
      else { return nil }
      var violation: InvariantViolation?
      if let invariant {
        guard let found = text() else { return nil }
        violation = InvariantViolation(invariant: invariant, message: found)
      }
      return Boxed(
        value: Failure(
          step: step, location: location, key: key, expected: expected, actual: actual, message: message,
          violation: violation))
    }

    private struct Boxed<Value> {
      var value: Value
    }
  }
}
