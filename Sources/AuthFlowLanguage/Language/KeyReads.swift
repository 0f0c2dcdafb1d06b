/// The keys a load asked its mappings for, by mapping (``Fields``): set ``ScenarioLoader/keyReads`` to one to
/// find a key the language declares that no reader asks for. For one load at a time, in a debug build (a
/// release build notes nothing).
package final class KeyReads: @unchecked Sendable {
  /// For each mapping (a shape's name, or the key holding it), the keys asked for.
  package private(set) var asked: [String: Set<String>] = [:]

  package init() {}

  func note(_ key: String, of mapping: String) { asked[mapping, default: []].insert(key) }

  /// One mapping being read: its name (its shape's), the keys it accepts, and where to note what is asked.
  final class Mapping {
    let name: String
    let accepted: [String]
    let reads: KeyReads

    init(name: String, accepted: [String], reads: KeyReads) {
      self.name = name
      self.accepted = accepted
      self.reads = reads
    }
  }
}
