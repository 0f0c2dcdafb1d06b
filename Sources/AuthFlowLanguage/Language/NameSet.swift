/// A fixed set of names a value may take, such as the auth states or the mail kinds.
public struct NameSet: Sendable, Equatable {
  /// Its name in the schema's `$defs`.
  public var name: String
  public var values: [String]
  public var summary: String

  public init(name: String, values: [String], summary: String) {
    self.name = name
    self.values = values
    self.summary = summary
  }
}
