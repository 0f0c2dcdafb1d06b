/// Where a YAML value starts: 1-based line and column, columns counted in characters as libyaml counts them.
struct YAMLMark: Equatable, Sendable {
  var line: Int32
  var column: Int32
}
