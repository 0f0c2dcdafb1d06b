/// Names in the order they were written, with constant-time membership: a scenario file may list many
/// devices, accounts or variables, and each use of one is checked against the list.
package struct OrderedNames: Equatable {
  /// The names, in order, each once.
  package private(set) var names: [String] = []
  private var members: Set<String> = []

  package init(_ names: [String] = []) {
    for name in names { insert(name) }
  }

  var isEmpty: Bool { names.isEmpty }

  package func contains(_ name: String) -> Bool { members.contains(name) }

  /// Adds a name; false when it was already there.
  @discardableResult
  package mutating func insert(_ name: String) -> Bool {
    guard members.insert(name).inserted else { return false }
    names.append(name)
    return true
  }
}
