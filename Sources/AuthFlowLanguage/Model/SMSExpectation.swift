/// Text messages sent to one phone number (verification codes); without `count`, at least one.
public struct SMSExpectation: Equatable, Sendable {
  /// The number they were sent to (E.164).
  public var to: String
  /// How many; nil means at least one.
  public var count: Int?

  /// Expects `count` messages (at least one when nil) sent to `to`.
  public init(to: String, count: Int? = nil) {
    self.to = to
    self.count = count
  }
}
