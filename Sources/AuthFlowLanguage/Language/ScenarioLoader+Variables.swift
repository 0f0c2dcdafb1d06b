#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `vars:` and `${name}` substitution in every string of a scenario but `vars` (SPEC §11).
extension ScenarioLoader.Document {
  /// Reads `vars`: a mapping of names to scalars.
  mutating func readVariables(_ node: YAMLNode) {
    guard let entries = entries(node, key: "vars") else {
      variablesKnown = false
      return
    }
    for entry in entries {
      variableNames.insert(entry.name)
      guard case .scalar(let scalar) = entry.value, !Self.isNull(scalar) else {
        report(
          .wrongType(key: entry.name, expected: "a string", found: Self.found(entry.value)), at: entry.value)
        continue
      }
      variables[entry.name] = scalar.string
    }
  }

  /// Whether `text` holds a `$` at all: asked of every string a file writes, so it scans the bytes in place,
  /// with the C library's vectorised `memchr` (the generic `contains` over a string's UTF-8 view costs about
  /// thirty instructions a byte).
  static func mayHoldVariable(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(UInt8(ascii: "$")), bytes.count) != nil
    } ?? text.utf8.contains(UInt8(ascii: "$"))
  }

  /// `text` with every `${name}` replaced by the variable's value and every `$${` by a literal `${`,
  /// when substitution applies (in every string but `vars`); nil after reporting an undefined variable.
  mutating func substitute(_ text: String, at node: YAMLNode) -> String? {
    let size = text.utf8.count
    budget.textBytes -= size
    guard budget.textBytes >= 0 else {
      if budget.textBytes + size >= 0 {
        report(.tooMuchText(limit: ScenarioLoader.maximumTextBytes), at: node)
      }
      return nil
    }
    guard substitutesVariables, Self.mayHoldVariable(text) else { return text }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var failed = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "$"), index + 1 < bytes.count else {
        result.append(byte)
        index += 1
        continue
      }
      if bytes[index + 1] == UInt8(ascii: "$"), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "{")
      {
        result += [UInt8(ascii: "$"), UInt8(ascii: "{")]
        index += 3
        continue
      }
      guard bytes[index + 1] == UInt8(ascii: "{") else {
        result.append(byte)
        index += 1
        continue
      }
      guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else {
        report(.unterminatedVariable(value: text), at: node)
        return nil
      }
      let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
      if let value = variables[name] {
        budget.substitutedBytes -= value.utf8.count
        guard budget.substitutedBytes >= 0 else {
          if budget.substitutedBytes + value.utf8.count >= 0 {
            report(.tooMuchSubstitution(limit: ScenarioLoader.maximumFileSize), at: node)
          }
          return nil
        }
        result += value.utf8
      } else {
        failed = true
        if variablesKnown, !variableNames.contains(name) {
          let suggestion = suggestion(for: name, in: variableNames.names)
          report(.undefinedVariable(name: name, suggestion: suggestion), at: node)
        }
      }
      index = close + 1
    }
    return failed ? nil : String(decoding: result, as: UTF8.self)
  }
}
