import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite struct ShardTests {
  @Test func parsesIOverN() throws {
    #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
    #expect(try Shard(parsing: "1/1").description == "1/1")
  }

  @Test(arguments: ["", "2", "2/", "/4", "a/4", "2/b", "-1/4", "+1/4", "2/4/6", " 2/4", "1.5/4"])
  func refusesWhatIsNotIOverN(_ text: String) {
    #expect(throws: UsageError("--shard '\(text)': expected I/N with whole numbers, 1 ≤ I ≤ N (e.g. 2/4)")) {
      try Shard(parsing: text)
    }
  }

  @Test func refusesAShardOutsideOneToN() {
    #expect(throws: UsageError("--shard 0/4: the shard must be between 1 and 4")) {
      try Shard(parsing: "0/4")
    }
    #expect(throws: UsageError("--shard 5/4: the shard must be between 1 and 4")) {
      try Shard(parsing: "5/4")
    }
    #expect(throws: UsageError("--shard 1/0: the number of shards must be at least 1")) {
      try Shard(parsing: "1/0")
    }
  }

  @Test func dealsRoundRobinInLoadOrder() throws {
    let items = Array(1...7)
    #expect(try Shard(index: 1, count: 3).slice(of: items) == [1, 4, 7])
    #expect(try Shard(index: 2, count: 3).slice(of: items) == [2, 5])
    #expect(try Shard(index: 3, count: 3).slice(of: items) == [3, 6])
    #expect(try Shard(index: 9, count: 9).slice(of: items) == [])
  }

  /// The property CI relies on: over the bundled suite, the N shards are disjoint, together the whole
  /// suite, and each keeps load order.
  @Test(arguments: 1...5)
  func shardsOfTheBundledScenariosAreDisjointAndComplete(count: Int) throws {
    let loaded = Repository.bundledScenarios()
    try #require(loaded.diagnostics.isEmpty)
    // A matrix's combinations share a place; their names tell them apart.
    let all = loaded.scenarios.map { "\($0.file):\($0.location.line) \($0.name)" }
    try #require(Set(all).count == all.count, "two bundled scenarios share a place and a name")
    var seen: [String] = []
    for index in 1...count {
      let configuration = RunConfiguration(shard: try Shard(index: index, count: count))
      let shard = configuration.select(loaded.scenarios).map { "\($0.file):\($0.location.line) \($0.name)" }
      #expect(shard == all.filter(shard.contains), "shard \(index)/\(count) is not in load order")
      #expect(Set(shard).isDisjoint(with: seen), "shard \(index)/\(count) repeats a scenario")
      #expect(abs(shard.count - all.count / count) <= 1, "shard \(index)/\(count) is unbalanced")
      seen += shard
    }
    #expect(seen.sorted() == all.sorted())
  }
}
