/// A mapping with a fixed set of keys, each with the shape of its value.
public struct MappingShape: Sendable {
  /// Its name in the schema's `$defs`.
  public var name: String
  public var summary: String
  public var fields: [Field]
  /// Constraints between keys.
  public var rules: [Rule]
  /// An empty mapping is an error.
  public var nonEmpty: Bool

  public init(name: String, summary: String, fields: [Field], rules: [Rule] = [], nonEmpty: Bool = false) {
    self.name = name
    self.summary = summary
    self.fields = fields
    self.rules = rules
    self.nonEmpty = nonEmpty
  }

  /// Every key the mapping accepts, in the order the reference lists them.
  public var keys: [String] { fields.map(\.name) }
  /// The keys that must be written.
  public var required: [String] { fields.filter(\.isRequired).map(\.name) }

  public subscript(key: String) -> Field? { fields.first { $0.name == key } }

  /// One key of a mapping.
  public struct Field: Sendable {
    public var name: String
    public var shape: ValueShape
    public var isRequired: Bool
    public var summary: String
    /// `${name}` is replaced in the strings of this value (`given` and `steps`).
    public var substitutesVariables: Bool

    public init(
      _ name: String, _ shape: ValueShape, required: Bool = false, substitutesVariables: Bool = false,
      _ summary: String
    ) {
      self.name = name
      self.shape = shape
      self.isRequired = required
      self.summary = summary
      self.substitutesVariables = substitutesVariables
    }
  }

  /// A constraint between the keys of one mapping.
  public enum Rule: Sendable, Equatable {
    /// Exactly one of `keys` is written; or, when `orElse` is given, none of them and `orElse` instead.
    case exactlyOne(of: [String], orElse: String?)
    /// Writing `key` needs `other` written as `value` (`error` needs `outcome: error`).
    case requires(key: String, other: String, value: String)
  }
}
