/// What one file may still cost the loader. Aliases repeat a whole subtree wherever they are used and
/// variables repeat their text, so a small file can describe far more than its size; these limits, not
/// the file's size, bound the loader's time and memory.
struct LoadBudget {
  /// Mapping entries and list items still to read, each use of an alias counted again.
  var values = ScenarioLoader.maximumValues
  /// Bytes that `${name}` substitution may still add.
  var substitutedBytes = ScenarioLoader.maximumFileSize
  /// Bytes of string values still to read, each use of an alias counted again.
  var textBytes = ScenarioLoader.maximumTextBytes

  var isSpent: Bool { values < 0 || substitutedBytes < 0 || textBytes < 0 }
}
