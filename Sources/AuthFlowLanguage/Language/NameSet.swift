/// A fixed set of names a value may take, such as the auth states or the mail kinds.
public struct NameSet: Sendable, Equatable {
  /// Its name in the schema's `$defs`.
  public var name: String
  /// The names allowed, in the order the reference lists them.
  public var values: [String]
  /// One sentence for the reference and the schema: what the names stand for.
  public var summary: String

  /// A set called `name` in the schema, allowing `values`.
  public init(name: String, values: [String], summary: String) {
    self.name = name
    self.values = values
    self.summary = summary
  }
}
