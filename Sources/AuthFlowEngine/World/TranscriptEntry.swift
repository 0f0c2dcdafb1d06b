import AuthFlowLanguage

/// One line of a transcript: when (virtual time), who, and what happened.
public struct TranscriptEntry: Equatable, Sendable {
  /// The virtual time it happened at.
  public var time: VirtualTime
  /// Who did it: a device, the backend, an identity provider, the scenario.
  public var actor: String
  /// What happened, with secrets already redacted.
  public var text: String

  /// An entry saying `actor` did `text` at `time`.
  public init(time: VirtualTime, actor: String, text: String) {
    self.time = time
    self.actor = actor
    self.text = text
  }
}
