/// One key and value of a mapping: the key as text and its position (copying only what is needed).
struct Entry {
  let name: String
  let keyMark: YAMLMark
  let value: YAMLNode
}
