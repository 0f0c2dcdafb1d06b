/// Which of the matching emails `follow_link` opens: `which: newest` (the default), `oldest`, or the N-th in
/// sending order, counting from 1 (SPEC §9.2), so "I clicked the first reset email" can be played.
public enum MailChoice: Equatable, Hashable, Sendable {
  /// The last one sent.
  case newest
  /// The first one sent.
  case oldest
  /// The N-th sent, from 1.
  case number(Int)

  /// The names `which:` accepts besides a number.
  public static let names = ["newest", "oldest"]

  /// `newest` or `oldest`; nil for anything else (a number is read as a number).
  public init?(name: String) {
    switch name {
    case "newest": self = .newest
    case "oldest": self = .oldest
    default: return nil
    }
  }

  /// As written after `which:`: `newest`, `oldest`, `2`.
  public var written: String {
    switch self {
    case .newest: "newest"
    case .oldest: "oldest"
    case .number(let number): String(number)
    }
  }

  /// The chosen one of `emails` (in sending order), or nil when there is no such one.
  public func pick<Element>(from emails: [Element]) -> Element? {
    switch self {
    case .newest: emails.last
    case .oldest: emails.first
    case .number(let number): number >= 1 && number <= emails.count ? emails[number - 1] : nil
    }
  }
}
