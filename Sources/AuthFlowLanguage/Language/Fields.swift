/// A mapping's entries whose keys were checked against a schema, in the order written.
///
/// A reader asks for a key by the name its declaration gives it (a ``MappingShape``'s field, or a syntax table's
/// entry). Debug builds check that the mapping accepts every name asked for, and a load can note what was asked
/// (``ScenarioLoader/keyReads``), so that a test finds a declared key no reader asks for: one the loader would
/// accept and then drop.
struct Fields {
  var node: YAMLNode
  private(set) var entries: [Entry]
  #if DEBUG
    /// The keys the mapping accepts, for the check on every key asked for.
    private let accepted: [String]
    /// Where the keys asked for are noted, when a test asks.
    private let noting: KeyReads.Mapping?
  #endif

  /// Fields of `node`, none yet; debug builds check what is asked of them against `accepted` and note it in
  /// `noting`. Release builds keep neither: the loader copies the fields of every mapping of every file.
  init(node: YAMLNode, accepted: [String], noting: @autoclosure () -> KeyReads.Mapping?) {
    self.node = node
    self.entries = []
    #if DEBUG
      self.accepted = accepted
      self.noting = noting()
    #endif
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
    #if DEBUG
      if let noting { for key in noting.accepted { noting.reads.note(key, of: noting.name) } }
    #endif
    return entries
  }

  /// Where a key is written, if it is (checks made on the key itself are reported there).
  func keyMark(_ name: String) -> YAMLMark? {
    ask(name)
    return entries.first { $0.name == name }?.keyMark
  }

  private func ask(_ name: String) {
    #if DEBUG
      assert(
        accepted.contains(name),
        "a reader asks for '\(name)', which \(noting?.name ?? "the mapping") does not accept")
      if let noting { noting.reads.note(name, of: noting.name) }
    #endif
  }
}
