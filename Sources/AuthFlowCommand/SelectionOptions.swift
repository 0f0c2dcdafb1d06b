import ArgumentParser
import AuthFlowKit

/// The flags that pick scenarios, shared by `run` and `list` so both select the same ones.
struct SelectionOptions: ParsableArguments {
  @Option(help: "Only scenarios whose name contains this text (ignoring case).") var filter: String?
  @Option(name: .customLong("tag"), help: "Only scenarios with this tag (repeatable: any of them).")
  var tags: [String] = []
  @Option(name: .customLong("skip-tag"), help: "No scenario with this tag (repeatable).")
  var skipTags: [String] = []
  @Option(
    parsing: .unconditional,
    help: "I/N: run only the I-th of N deterministic slices (1 ≤ I ≤ N), for a CI matrix.")
  var shard: String?

  /// `--shard`, parsed.
  func parsedShard() throws -> Shard? {
    guard let shard else { return nil }
    do { return try Shard(parsing: shard) } catch { throw ValidationError(error.message) }
  }

  func validate() throws {
    _ = try parsedShard()
  }
}
