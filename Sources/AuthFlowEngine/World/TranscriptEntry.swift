import AuthFlowLanguage

/// One line of a transcript: when (virtual time), who, and what happened.
///
/// The runner's own lines (each step, each passed check, each change a device shows) are kept as the values they
/// say and written out only when ``text`` is read: most transcripts belong to scenarios that pass and are dropped
/// unread, and building their text was an eighth of a run's work.
public struct TranscriptEntry: Equatable, Sendable, CustomStringConvertible {
  /// The virtual time it happened at.
  public var time: VirtualTime
  /// Who did it: a device, the backend, an identity provider, the scenario.
  public var actor: String
  /// What happened, as written or as the values the runner will write it from.
  package var content: Content

  /// What happened, with secrets already redacted.
  public var text: String {
    get { content.text }
    set { content = .text(newValue) }
  }

  /// An entry saying `actor` did `text` at `time`.
  public init(time: VirtualTime, actor: String, text: String) {
    self.init(time: time, actor: actor, content: .text(text))
  }

  package init(time: VirtualTime, actor: String, content: Content) {
    self.time = time
    self.actor = actor
    self.content = content
  }

  /// `2026-01-01T00:00:05Z phone signIn(bob@example.com, ‹password 1›) → ok`: the line as a transcript has it,
  /// unpadded (what `print(world.transcript)` shows).
  public var description: String { "\(time) \(actor) \(text)" }

  /// Entries are equal when they read the same, however each was kept.
  public static func == (lhs: TranscriptEntry, rhs: TranscriptEntry) -> Bool {
    lhs.time == rhs.time && lhs.actor == rhs.actor && lhs.text == rhs.text
  }

  /// A line's content: written text, or one of the runner's lines kept as its values.
  package enum Content: Sendable {
    case text(String)
    /// `step 3: sign_in {email: …, password: ‹password 1›} (line 12)`; the redactor numbers its passwords.
    case step(number: Int, action: Action, line: Int, redactor: Redactor)
    /// `step 4: expect (line 15)`.
    case expectation(number: Int, line: Int)
    /// `✓ screen is home`.
    case checked(key: String, expected: String)
    /// `launched: signedOut on login`.
    case launched(DeviceSnapshot)
    /// `state signedOut → signedIn, screen login → home, error cleared`.
    case changes(from: DeviceSnapshot, to: DeviceSnapshot)

    var text: String {
      switch self {
      case .text(let text): text
      case .step(let number, let action, let line, let redactor):
        "step \(number): \(action.summary(redactor)) (line \(line))"
      case .expectation(let number, let line): "step \(number): expect (line \(line))"
      case .checked(let key, let expected): "✓ \(key) is \(expected)"
      case .launched(let snapshot): "launched: \(snapshot.description)"
      case .changes(let old, let new): new.changes(since: old)
      }
    }
  }
}
