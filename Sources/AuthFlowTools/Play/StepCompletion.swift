import AuthFlowEngine
import AuthFlowLanguage

/// What Tab offers in `authflow play` for a step being typed, read off the language table: the action,
/// `expect` or a session command for the first word; inside `{ … }` the keys the mapping there accepts (`sign_in: {em` →
/// `email`, `expect: {sta` → `state`); after a key, or after an action that takes a name, the names its value
/// may be (`expect: {state: sig` → `signedIn`, …; `sign_in_with: goo` → `google.com`).
public enum StepCompletion {
  /// The word being typed at the end of `line` and the words that may complete it, in the table's order;
  /// `commands` are offered with the actions for the first word.
  public static func candidates(for line: String, commands: [String] = []) -> (
    word: String, candidates: [String]
  ) {
    var scanner = Scanner()
    for character in line { scanner.take(character) }
    let word = scanner.word
    let offered: [String]
    switch scanner.position {
    case .first:
      offered = (ActionKind.allCases.map(\.rawValue) + ["expect"]).sorted() + commands
    case .key(let shapes):
      offered = shapes.flatMap(\.keys)
    case .value(let shape):
      offered = names(of: shape)
    case .none:
      offered = []
    }
    var seen = Set<String>()
    let matches = offered.filter { $0.hasPrefix(word) && seen.insert($0).inserted }
    return (word, matches)
  }

  /// The names a value of `shape` may be written as.
  static func names(of shape: ValueShape) -> [String] {
    switch shape {
    case .oneOf(let set): set.values
    case .boolean: ["true", "false"]
    case .errorCode(let allowsNone): (allowsNone ? ["none"] : []) + AuthErrorCode.known.map(\.rawValue)
    case .machine: MachineRegistry.builtIn.names
    case .either(let shapes): shapes.flatMap(names(of:))
    case .list(let item, _, _): names(of: item)
    default: []
    }
  }

  /// The mappings a value of `shape` may be, whose keys `{` opens.
  static func mappings(of shape: ValueShape) -> [MappingShape] {
    switch shape {
    case .mapping(let mapping): [mapping]
    case .either(let shapes): shapes.flatMap(mappings(of:))
    case .dictionary(_, let keys?, _):
      [MappingShape(name: keys.name, summary: keys.summary, fields: keys.values.map { .init($0, .text, "") })]
    default: []
    }
  }

  /// Where the end of the line is.
  enum Position {
    /// The first word: an action, `expect`, `use` or a command.
    case first
    /// A key of one of these mappings.
    case key([MappingShape])
    /// The value of a key (or of the action).
    case value(ValueShape)
    /// Somewhere Tab has nothing to offer (inside quotes, a free-text value).
    case none
  }

  /// Reads a step written on one line (`action: value`, value a flow mapping or a scalar) as far as Tab needs.
  private struct Scanner {
    /// One open `{ … }`: the mappings it may be, and the key whose value is being written, if any.
    private struct Frame {
      var shapes: [MappingShape]
      var key: String?
    }

    private var frames: [Frame] = []
    /// The action's shape once `action:` was read.
    private var action: ValueShape?
    private(set) var word = ""
    private var quote: Character?
    private var afterColon = false
    private var lost = false

    var position: Position {
      if lost || quote != nil { return .none }
      if let frame = frames.last {
        guard let key = frame.key else { return .key(frame.shapes) }
        return frame.shapes.compactMap { $0[key]?.shape }.first.map(Position.value) ?? .none
      }
      guard let action else { return .first }
      return afterColon ? .value(action) : .none
    }

    mutating func take(_ character: Character) {
      if let open = quote {
        if character == open { quote = nil }
        return
      }
      switch character {
      case "\"", "'":
        quote = character
      case ":":
        endKey()
      case "{":
        let shapes: [MappingShape]
        if let frame = frames.last {
          shapes =
            frame.key.map { key in frame.shapes.flatMap { $0[key].map { mappings(of: $0.shape) } ?? [] } }
            ?? []
        } else if let action {
          shapes = mappings(of: action)
        } else {
          // `{ sign_in: {…}, expect: {…} }`: the step's own mapping.
          shapes = [ScenarioLanguage.stepMapping]
        }
        frames.append(Frame(shapes: shapes, key: nil))
        word = ""
      case "}":
        if frames.popLast() == nil { lost = true }
        word = ""
      case ",":
        if frames.isEmpty { lost = true } else { frames[frames.count - 1].key = nil }
        word = ""
      case " ":
        word = ""
      case "[", "]":
        word = ""
      default:
        word.append(character)
      }
    }

    /// `word:` was read: an action's name, or a key of the innermost mapping.
    private mutating func endKey() {
      if frames.isEmpty, action == nil {
        let kind = ActionKind(rawValue: word)
        action =
          kind.map(ScenarioLanguage.argument(of:))
          ?? (word == "expect" ? .mapping(ScenarioLanguage.expectation) : nil)
        if action == nil { lost = true }
        afterColon = true
      } else if !frames.isEmpty {
        frames[frames.count - 1].key = word
      }
      word = ""
    }
  }
}
