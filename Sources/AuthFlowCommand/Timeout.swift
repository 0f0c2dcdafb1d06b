import ArgumentParser

/// A time limit on the command line: seconds as a number (`10`, `2.5`), or a number with a unit (`500ms`, `2s`,
/// `1m`, `1h`); at least a millisecond and at most an hour.
struct Timeout {
  /// The limit, in milliseconds.
  let milliseconds: Int

  init?(argument: String) {
    let text = argument.trimmingCharacters(in: .whitespaces)
    let (number, scale): (Substring, Double) =
      if text.hasSuffix("ms") {
        (text.dropLast(2), 1)
      } else if text.hasSuffix("s") {
        (text.dropLast(), 1000)
      } else if text.hasSuffix("m") {
        (text.dropLast(), 60_000)
      } else if text.hasSuffix("h") {
        (text.dropLast(), 3_600_000)
      } else {
        (Substring(text), 1000)
      }
    // Digits and one point only: no sign, exponent, `inf` or `nan`.
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(number)
    else { return nil }
    let milliseconds = (value * scale).rounded()
    guard milliseconds >= 1, milliseconds <= 3_600_000 else { return nil }
    self.milliseconds = Int(milliseconds)
  }

  init(seconds: Int) { milliseconds = seconds * 1000 }

  var duration: Duration { .milliseconds(milliseconds) }

  /// The value of `option`, or the usage error that says what it takes.
  static func parse(_ text: String, option: String) throws -> Timeout {
    guard let timeout = Timeout(argument: text) else {
      throw ValidationError(
        "\(option) must be a number of seconds above 0 and at most 3600, or a duration from 1ms to 1h such as "
          + "500ms, 2s or 1m")
    }
    return timeout
  }
}
