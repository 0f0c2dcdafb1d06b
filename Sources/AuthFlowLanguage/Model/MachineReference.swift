/// A machine as a run names it, parsed once from its text: a registered machine (`authkit`, your app's), a
/// mutant of one (`authkit~no-foreground-refresh`), or an out-of-process adapter (`exec:COMMAND`).
///
/// The text form is what a user writes and what every output shows; code asks the value which kind it is
/// instead of looking for `~` or `exec:` in the text.
public enum MachineReference: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// A machine registered under this name, built in or plugged in.
  case registered(String)
  /// The variant of `base` with one bug, registered as `base~mutant`.
  case mutant(base: String, mutant: String)
  /// An adapter started as `COMMAND` (through `/bin/sh -c`) that speaks the line protocol.
  case exec(command: String)

  /// What starts an out-of-process adapter's name.
  public static let execPrefix = "exec:"
  /// What separates a machine's name from its mutant's.
  public static let mutantSeparator: Character = "~"

  /// Reads a machine's name as written on the command line, in a scenario file or in a registry.
  public init(_ text: String) {
    if text.hasPrefix(Self.execPrefix) {
      self = .exec(command: String(text.dropFirst(Self.execPrefix.count)))
    } else if let separator = text.firstIndex(of: Self.mutantSeparator) {
      self = .mutant(
        base: String(text[..<separator]), mutant: String(text[text.index(after: separator)...]))
    } else {
      self = .registered(text)
    }
  }

  /// A machine written as a literal, `"authkit~no-foreground-refresh"`, read as ``init(_:)`` reads it.
  public init(stringLiteral text: String) { self.init(text) }

  /// The name as written: the key the registry looks it up by, and what reports show.
  public var description: String {
    switch self {
    case .registered(let name): name
    case .mutant(let base, let mutant): "\(base)\(Self.mutantSeparator)\(mutant)"
    case .exec(let command): Self.execPrefix + command
    }
  }

  /// Whether starting it runs a command (an `exec:` adapter).
  public var isCommand: Bool {
    if case .exec = self { true } else { false }
  }

  /// The machine a mutant is a variant of; nil for anything else.
  public var base: String? {
    if case .mutant(let base, _) = self { base } else { nil }
  }

  /// Whether this is a mutant of `machine`.
  public func isMutant(of machine: String) -> Bool { base == machine }
}
