import AuthFlowLanguage

/// Every text message the backend sent (phone verification codes), oldest first.
public final class SMSOutbox {
  /// One SMS with its code.
  public struct Message: Equatable, Sendable {
    /// The number it was sent to (E.164).
    public var to: String
    /// The verification code it carries (a secret: outputs hide it).
    public var code: String
    /// When it was sent, in virtual time.
    public var sentAt: VirtualTime
    /// The verification session it belongs to (`sessionInfo`).
    public var verificationID: String
  }

  /// Every message sent, oldest first.
  public private(set) var messages: [Message] = []

  func deliver(_ message: Message) { messages.append(message) }

  /// The newest message to `number`.
  public func newest(to number: String) -> Message? { messages.last { $0.to == number } }

  /// How many messages were sent to `number`.
  public func count(to number: String) -> Int { messages.count { $0.to == number } }
}
