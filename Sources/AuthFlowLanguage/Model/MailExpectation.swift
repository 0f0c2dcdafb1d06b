/// Emails of one kind sent to one address; without `count`, at least one.
public struct MailExpectation: Equatable, Sendable {
  /// The address the emails were sent to.
  public var to: String
  /// Which kind of email.
  public var kind: MailKind
  /// How many; nil means at least one.
  public var count: Int?

  /// Expects `count` emails (at least one when nil) of `kind` sent to `to`.
  public init(to: String, kind: MailKind, count: Int? = nil) {
    self.to = to
    self.kind = kind
    self.count = count
  }
}
