/// The one source of randomness in a run: SplitMix64, seeded from the scenario's `seed`.
///
/// Every id, token, action code and generated nickname comes from here, so the same scenario and seed
/// give the same transcript on any machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose whole sequence follows from `seed`.
  public init(seed: UInt64) { state = seed }

  /// SplitMix64's increment: each draw adds it to the state.
  private static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state &+= Self.gamma
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

  /// A random string of letters and digits, like Firebase's uids and action codes.
  public mutating func identifier(length: Int) -> String {
    String(unsafeUninitializedCapacity: max(length, 0)) { buffer in
      for index in 0..<max(length, 0) {
        buffer[index] = Self.alphabet[Int(next() % UInt64(Self.alphabet.count))]
      }
      return max(length, 0)
    }
  }

  /// Moves on exactly as `count` calls of ``identifier(length:)`` would (one draw per character), in constant
  /// time: the state only ever grows by the same increment.
  public mutating func skipIdentifiers(_ count: Int, length: Int) {
    let draws = UInt64(truncatingIfNeeded: max(count, 0)) &* UInt64(truncatingIfNeeded: max(length, 0))
    state &+= draws &* Self.gamma
  }

  /// A uniformly chosen element of a non-empty array.
  public mutating func pick<T>(_ values: [T]) -> T? {
    values.isEmpty ? nil : values[Int(next() % UInt64(values.count))]
  }
}
