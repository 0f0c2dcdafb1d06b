/// A mapping's entries whose keys were checked against a schema, in the order written.
///
/// A reader asks for a key by the name its declaration gives it (a ``MappingShape``'s field, or a syntax table's
/// entry). Debug builds check that the mapping accepts every name asked for, and a load can note what was asked
/// (``ScenarioLoader/keyReads``), so that a test finds a declared key no reader asks for: one the loader would
/// accept and then drop.
struct Fields {
  var node: YAMLNode
  private(set) var entries: [Entry]
  /// The keys the mapping accepts.
  private let accepted: [String]
  /// The mapping's name (its shape's) and where the keys asked for are noted, when a test asks.
  private let noting: (mapping: String, reads: KeyReads)?

  init(node: YAMLNode, accepted: [String], noting: (mapping: String, reads: KeyReads)?) {
    self.node = node
    self.entries = []
    self.accepted = accepted
    self.noting = noting
  }

  mutating func append(_ entry: Entry) { entries.append(entry) }

  mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

  /// The value of a key, if written.
  subscript(name: String) -> YAMLNode? {
    ask(name)
    // By index: the loader asks for every key of every mapping, and `first(where:)` copies each entry it looks at.
    for index in entries.indices where entries[index].name == name { return entries[index].value }
    return nil
  }

  /// Every entry, for a reader that reads each key through a syntax table: it asks for every key.
  var all: [Entry] {
    if let noting { for key in accepted { noting.reads.note(key, of: noting.mapping) } }
    return entries
  }

  /// Where a key is written, if it is (checks made on the key itself are reported there).
  func keyMark(_ name: String) -> YAMLMark? {
    ask(name)
    return entries.first { $0.name == name }?.keyMark
  }

  private func ask(_ name: String) {
    assert(
      accepted.contains(name),
      "a reader asks for '\(name)', which \(noting?.mapping ?? "the mapping") does not accept")
    noting?.reads.note(name, of: noting?.mapping ?? "")
  }
}

/// The keys a load asked its mappings for, by mapping (``Fields``): set ``ScenarioLoader/keyReads`` to one to
/// find a key the language declares that no reader asks for. For one load at a time.
package final class KeyReads: @unchecked Sendable {
  /// For each mapping (a shape's name, or the key holding it), the keys asked for.
  package private(set) var asked: [String: Set<String>] = [:]

  package init() {}

  func note(_ key: String, of mapping: String) { asked[mapping, default: []].insert(key) }
}
