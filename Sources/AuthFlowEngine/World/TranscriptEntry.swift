import AuthFlowLanguage

/// One line of a transcript: when (virtual time), who, and what happened.
public struct TranscriptEntry: Equatable, Sendable {
  public var time: VirtualTime
  public var actor: String
  public var text: String

  public init(time: VirtualTime, actor: String, text: String) {
    self.time = time
    self.actor = actor
    self.text = text
  }
}
