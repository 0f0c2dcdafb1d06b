/// A mapping with a fixed set of keys, each with the shape of its value.
public struct MappingShape: Sendable {
  /// Its name in the schema's `$defs`.
  public var name: String
  /// One sentence for the reference and the schema: what the mapping is for.
  public var summary: String
  /// The keys it accepts, in the order the reference lists them.
  public var fields: [Field] { didSet { (keys, required) = Self.names(of: fields) } }
  /// Constraints between keys.
  public var rules: [Rule]
  /// An empty mapping is an error.
  public var nonEmpty: Bool

  /// Describes a mapping named `name` in the schema, accepting `fields` under `rules`.
  public init(name: String, summary: String, fields: [Field], rules: [Rule] = [], nonEmpty: Bool = false) {
    self.name = name
    self.summary = summary
    self.fields = fields
    self.rules = rules
    self.nonEmpty = nonEmpty
    (keys, required) = Self.names(of: fields)
  }

  /// Every key the mapping accepts, in the order the reference lists them. Kept with ``fields``: the loader
  /// asks for it at every mapping of every file.
  public private(set) var keys: [String]
  /// The keys that must be written.
  public private(set) var required: [String]

  private static func names(of fields: [Field]) -> (keys: [String], required: [String]) {
    (fields.map(\.name), fields.filter(\.isRequired).map(\.name))
  }

  /// The field declared for `key`, or nil when the mapping does not accept it.
  public subscript(key: String) -> Field? { fields.first { $0.name == key } }

  /// One key of a mapping.
  public struct Field: Sendable {
    /// The key as written in a scenario (`email_verified`).
    public var name: String
    /// What the key's value may be.
    public var shape: ValueShape
    /// Whether a mapping without this key is an error.
    public var isRequired: Bool
    /// One sentence for the reference and the schema: what the key means, with its default.
    public var summary: String
    /// `${name}` is replaced in the strings of this value (`given` and `steps`).
    public var substitutesVariables: Bool

    /// Declares the key `name` with a value of `shape`, described by `summary`.
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
    /// At least one of `keys` is written (an account has an `email`, an `id` or both).
    case atLeastOne(of: [String])
    /// At most one of `keys` is written (`device` and `id` each name the account).
    case atMostOne(of: [String])
    /// Writing `key` needs `other` written as `value` (`error` needs `outcome: error`).
    case requires(key: String, other: String, value: String)
  }
}
