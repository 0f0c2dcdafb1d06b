/// One line of a transcript: when (virtual time), who, and what happened.
public struct TranscriptEntry: Equatable, Sendable {
  public var time: VirtualTime
  public var actor: String
  public var text: String

  public init(time: VirtualTime, actor: String, text: String) {
    self.time = time
    self.actor = actor
    self.text = text
  }
}

/// Hides secrets in everything a transcript or report prints.
///
/// Passwords become stable placeholders numbered in the order the scenario mentions them — `given` accounts
/// first, then the steps — (`‹password 1›`);
/// tokens, ids and action codes are shortened to their first six characters.
public struct Redactor: Sendable {
  private var numbers: [String: Int] = [:]

  public init(passwords: [String]) {
    for password in passwords where numbers[password] == nil {
      numbers[password] = numbers.count + 1
    }
  }

  /// The placeholder for a password; one the file never mentioned still never prints.
  public func password(_ password: String) -> String {
    numbers[password].map { "‹password \($0)›" } ?? "‹password›"
  }

  /// `text` with every password of the scenario replaced by its placeholder: for text the harness did not
  /// write itself, such as what an out-of-process adapter printed.
  public func scrub(_ text: String) -> String {
    numbers.keys.filter { !$0.isEmpty }.sorted { $0.count > $1.count }.reduce(text) { text, secret in
      text.replacing(secret, with: password(secret))
    }
  }

  /// `AbC123…` for a token, id or code.
  public static func shorten(_ secret: String) -> String {
    secret.count <= 6 ? secret : "\(secret.prefix(6))…"
  }
}
