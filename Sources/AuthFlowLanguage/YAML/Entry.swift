/// One key and value of a mapping: the key as text and its position (copying only what is needed).
struct Entry {
  let name: String
  let keyMark: YAMLMark
  let value: YAMLNode
  /// Where its key stands among the keys the mapping was checked against (a shape's fields), so that the
  /// declaration at that place reads it without looking its name up again; nil for a mapping read without one.
  var place: Int? = nil
}
