/// Emails of one kind sent to one address; without `count`, at least one.
public struct MailExpectation: Equatable, Sendable {
  public var to: String
  public var kind: MailKind
  public var count: Int?

  public init(to: String, kind: MailKind, count: Int? = nil) {
    self.to = to
    self.kind = kind
    self.count = count
  }
}
