import AuthFlowEngine
import AuthFlowLanguage

/// A Mermaid `sequenceDiagram` of a scenario's flow, drawn from its transcript: who talked to whom.
///
/// Participants are the devices, the identity providers, `backend`, `outbox`, `browser`, `admin` and `clock`,
/// each only when it takes part. Auth-client calls are arrows to the backend with their result coming back; what
/// the backend did while answering a call (an account created, an email sent to the outbox) shows between the
/// two. Sign-in sheets are arrows to the provider, admin actions arrows to the backend, and changes of state,
/// screen or error, steps and notes are notes over their actor. Passed checks are left out; a failed one is a
/// note across the diagram.
struct MermaidDiagram: Equatable {
  enum Arrow: String {
    /// A request: `->>`.
    case request = "->>"
    /// An answer: `-->>`.
    case response = "-->>"
    /// A request that never arrived (the device is offline): `-x`.
    case lost = "-x"
  }

  enum Message: Equatable {
    case arrow(from: String, to: String, Arrow, String)
    case note(over: String, String)
    /// A note spanning every participant: a failed check or an error.
    case noteAcross(String)

    /// Whether this is what a reader opens the diagram for: a failed check or an error.
    var isFailure: Bool {
      if case .noteAcross = self { true } else { false }
    }
  }

  /// Participants by name, in the order the diagram lists them.
  private(set) var participants: [String] = []
  /// Every message, in order; the source draws at most ``limit`` of them (see ``window``).
  private(set) var messages: [Message] = []

  /// The most messages one diagram draws, so a long scenario still renders.
  static let limit = 200
  /// How many messages a cut diagram keeps after the failure it centres on.
  static let afterFailure = 20

  /// The messages drawn: all of them up to ``limit``; past it, a window that ends a few messages after the
  /// failure (the last failed check or error), since that is what a reader opens the diagram for, or the first
  /// ``limit`` when nothing failed. `before` and `after` count what the window leaves out.
  var window: (messages: ArraySlice<Message>, before: Int, after: Int) {
    guard messages.count > Self.limit else { return (messages[...], 0, 0) }
    guard let failure = messages.lastIndex(where: \.isFailure) else {
      return (messages.prefix(Self.limit), 0, messages.count - Self.limit)
    }
    let end = min(messages.count, failure + 1 + Self.afterFailure)
    let start = max(0, end - Self.limit)
    return (messages[start..<end], start, messages.count - end)
  }

  /// The diagram's source, or nil when there is nothing to draw.
  var source: String? {
    guard !messages.isEmpty else { return nil }
    let ids = MermaidID.assign(participants)
    var lines = ["sequenceDiagram"]
    for name in participants {
      let id = ids[name] ?? name
      lines.append(id == name ? "    participant \(id)" : "    participant \(id) as \(Self.label(name))")
    }
    let across = [participants.first, participants.last].compactMap { $0 }.compactMap { ids[$0] }
    let spanning = Set(across).count > 1 ? across.joined(separator: ",") : across.first ?? ""
    let shown = window
    let earlier: [Message] =
      shown.before > 0 ? [.noteAcross("… \(shown.before) earlier, see the transcript")] : []
    let later: [Message] = shown.after > 0 ? [.noteAcross("… \(shown.after) more, see the transcript")] : []
    for message in earlier + Array(shown.messages) + later {
      switch message {
      case .arrow(let from, let to, let arrow, let text):
        lines.append("    \(ids[from] ?? from)\(arrow.rawValue)\(ids[to] ?? to): \(Self.label(text))")
      case .note(let over, let text):
        lines.append("    Note over \(ids[over] ?? over): \(Self.label(text))")
      case .noteAcross(let text):
        lines.append("    Note over \(spanning): \(Self.label(text))")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Adds a message, and its participants in the order of ``Role``.
  mutating func append(_ message: Message) {
    messages.append(message)
    switch message {
    case .arrow(let from, let to, _, _):
      add(from)
      add(to)
    case .note(let over, _): add(over)
    case .noteAcross: break
    }
  }

  private mutating func add(_ participant: String) {
    guard !participants.contains(participant) else { return }
    let rank = Role(participant).rank
    let index = participants.firstIndex { Role($0).rank > rank } ?? participants.endIndex
    participants.insert(participant, at: index)
  }

  /// Text Mermaid would misread written as its entity codes: `;` and `#` (which end or start one), quotes,
  /// angle brackets (HTML), backticks and `%` (comments, directives). Line breaks become spaces.
  static func label(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "#": out += "#35;"
      case ";": out += "#59;"
      case "\"": out += "#quot;"
      case "<": out += "#lt;"
      case ">": out += "#gt;"
      case "`": out += "#96;"
      case "%": out += "#37;"
      case "\n", "\r", "\r\n": out += " "
      default: out += PlainText.visible(String(character))
      }
    }
    return out
  }
}

/// The part an actor of the transcript plays in the diagram, which sets its place from left to right.
enum Role: Equatable {
  case device, identityProvider, backend, outbox, browser, admin, clock
  /// An actor the diagram leaves out or spreads across everyone (`world`, `authflow`).
  case harness

  init(_ actor: String) {
    switch actor {
    case "backend": self = .backend
    case "outbox": self = .outbox
    case "browser": self = .browser
    case "admin": self = .admin
    case "clock": self = .clock
    case "world", "authflow": self = .harness
    case _ where ProviderID.identityProviders.contains(ProviderID(rawValue: actor)): self = .identityProvider
    default: self = .device
    }
  }

  var rank: Int {
    switch self {
    case .device: 0
    case .identityProvider: 1
    case .backend: 2
    case .outbox: 3
    case .browser: 4
    case .admin: 5
    case .clock: 6
    case .harness: 7
    }
  }
}

/// Mermaid identifiers for participants: letters, digits and `_`, never a keyword, unique.
enum MermaidID {
  static let keywords: Set<String> = [
    "participant", "actor", "as", "note", "over", "left", "right", "of", "loop", "end", "alt", "else", "opt",
    "par", "and", "rect", "autonumber", "activate", "deactivate", "critical", "break", "box", "links", "link",
    "create", "destroy", "title", "sequencediagram", "properties", "details", "option",
  ]

  static func assign(_ names: [String]) -> [String: String] {
    var ids: [String: String] = [:]
    var used: Set<String> = []
    for name in names {
      var base = ""
      for character in name {
        if character.isASCII, character.isLetter || character.isNumber {
          base.append(character)
        } else if !base.isEmpty, !base.hasSuffix("_") {
          base += "_"
        }
      }
      while base.hasSuffix("_") { base.removeLast() }
      if base.isEmpty || base.first?.isNumber == true || keywords.contains(base.lowercased()) {
        base = "p_" + base
      }
      var id = base
      var number = 2
      while used.contains(id) {
        id = "\(base)_\(number)"
        number += 1
      }
      used.insert(id)
      ids[name] = id
    }
    return ids
  }
}
