/// One YAML value as the loader reads it: a scalar's text and whether it was written plain, or a
/// collection, each with where it starts. Tags are not kept (no implicit or explicit typing: the loader
/// decides what a scalar means), and an alias is the value its anchor names.
///
/// `Sendable` is declared, not inferred: Swift 6.3 finds a cycle inferring it through `Mapping`'s pairs.
enum YAMLNode: Sendable {
  case scalar(Scalar)
  case mapping(Mapping)
  case sequence(Sequence)

  struct Scalar: Sendable {
    var string: String
    /// False for a quoted scalar or a block scalar (`|`, `>`): `'true'` is text, `true` may be a boolean.
    var isPlain: Bool
    var mark: YAMLMark
  }

  struct Mapping: Sendable {
    /// One key and its value. A struct rather than a tuple: an array of tuples is destroyed through the
    /// runtime's generic tuple witness, one element at a time, which cost more than building the tree.
    struct Pair: Sendable {
      var key: YAMLNode
      var value: YAMLNode
    }

    var pairs: [Pair]
    var mark: YAMLMark

    var isEmpty: Bool { pairs.isEmpty }
    var count: Int { pairs.count }

    /// The value of the first scalar key with this text.
    subscript(key: String) -> YAMLNode? {
      for pair in pairs {
        if case .scalar(let scalar) = pair.key, scalar.string == key { return pair.value }
      }
      return nil
    }
  }

  struct Sequence: Sendable {
    var items: [YAMLNode]
    var mark: YAMLMark
  }

  var mark: YAMLMark {
    switch self {
    case .scalar(let scalar): scalar.mark
    case .mapping(let mapping): mapping.mark
    case .sequence(let sequence): sequence.mark
    }
  }
}
