import AuthFlowLanguage

/// `--shard I/N`: the I-th of N slices of a run, so a CI matrix of N jobs runs a suite once between them.
///
/// Scenarios are dealt round-robin in load order (files sorted by path byte by byte, then the documents of
/// each file in order), after `--filter`, `--tag` and `--skip-tag`: shard I takes the selected scenarios
/// at positions I, I + N, I + 2N, … (1-based). Every machine loads the same files in the same order, so the
/// N shards of one checkout are disjoint, together run every selected scenario, and differ in size by at
/// most one. A shard can be empty (more shards than scenarios); it then runs nothing and passes.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
  /// 1-based: `1 ... count`.
  public let index: Int
  /// How many shards the run is split into.
  public let count: Int

  /// Shard `index` of `count`; throws unless `1 <= index <= count`.
  public init(index: Int, count: Int) throws(UsageError) {
    guard count >= 1 else {
      throw UsageError("--shard \(index)/\(count): the number of shards must be at least 1")
    }
    guard (1...count).contains(index) else {
      throw UsageError("--shard \(index)/\(count): the shard must be between 1 and \(count)")
    }
    self.index = index
    self.count = count
  }

  /// Parses `I/N`, e.g. `2/4`.
  public init(parsing text: String) throws(UsageError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    func number(_ part: Substring) -> Int? {
      part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? Int(part) : nil
    }
    guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]) else {
      throw UsageError("--shard '\(text)': expected I/N with whole numbers, 1 ≤ I ≤ N (e.g. 2/4)")
    }
    try self.init(index: index, count: count)
  }

  /// This shard's items: those at 0-based positions `index - 1`, `index - 1 + count`, …
  public func slice<Item>(of items: [Item]) -> [Item] {
    stride(from: index - 1, to: items.count, by: count).map { items[$0] }
  }

  /// `I/N`, as `--shard` takes it.
  public var description: String { "\(index)/\(count)" }
}
