/// A mapping's entries whose keys were checked against a schema, in the order written.
struct Fields {
  var node: YAMLNode
  var entries: [Entry]

  /// The value of a key, if written.
  subscript(name: String) -> YAMLNode? {
    // By index: the loader asks for every key of every mapping, and `first(where:)` copies each entry it looks at.
    for index in entries.indices where entries[index].name == name { return entries[index].value }
    return nil
  }

  /// Where a key is written, if it is (checks made on the key itself are reported there).
  func keyMark(_ name: String) -> YAMLMark? { entries.first { $0.name == name }?.keyMark }
}
