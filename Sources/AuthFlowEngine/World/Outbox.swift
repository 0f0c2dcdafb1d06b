import AuthFlowLanguage
import Foundation

/// Every email the backend sent, oldest first.
public final class Outbox {
  /// One email the backend sent, with its action code.
  public struct Email: Equatable, Sendable {
    /// The address it was sent to.
    public var to: String
    /// What it is for.
    public var kind: MailKind
    /// When it was sent, in virtual time.
    public var sentAt: VirtualTime
    /// The action code its link carries (a secret: outputs hide it).
    public var code: String
    /// The account's email when it was sent: `to`, except for an email change, which goes to the new address.
    public var accountEmail: String
    /// Where the app asked the link to lead once handled (`ActionCodeSettings.url`, REST `continueUrl`); the
    /// link carries it, as production's does. Nil when it asked for none.
    public var continueURL: String? = nil
    /// The action link, as the email shows it.
    public var link: String { link(code: code) }
    /// The link with its code shortened, as transcripts print it.
    public var redactedLink: String { link(code: Redactor.shorten(code)) }
    private func link(code: String) -> String {
      // A sign-in link starts with the API key, as production's do (and the SDK's own tests' links): so a
      // Dynamic Link wrapping it is still a sign-in link to the SDK, which reads the decoded query.
      let next = continueURL.map { "&continueUrl=" + Self.queryValue($0) } ?? ""
      return kind == .signInLink
        ? "https://authflow.test/__/auth/action?apiKey=\(Self.apiKey)&mode=\(mode)&oobCode=\(code)&lang=en\(next)"
        : "https://authflow.test/__/auth/action?mode=\(mode)&oobCode=\(code)\(next)"
    }

    /// `text` encoded as a query value: all but RFC 3986's unreserved characters percent-encoded.
    package static func queryValue(_ text: String) -> String {
      text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// The world's project's web API key, as links carry it.
    package static let apiKey = "authflow-api-key"
    var mode: String { kind.mode }
  }

  /// Every email sent, oldest first.
  public private(set) var emails: [Email] = []

  func deliver(_ email: Email) { emails.append(email) }

  /// The newest email of `kind` to `address` (compared case-insensitively).
  public func newest(_ kind: MailKind, to address: String) -> Email? {
    let address = address.lowercased()
    return emails.last { $0.kind == kind && $0.to == address }
  }

  /// The emails of `kind` to `address` (compared case-insensitively), in sending order.
  public func emails(_ kind: MailKind, to address: String) -> [Email] {
    let address = address.lowercased()
    return emails.filter { $0.kind == kind && $0.to == address }
  }

  /// How many emails of `kind` were sent to `address`.
  public func count(_ kind: MailKind, to address: String) -> Int {
    let address = address.lowercased()
    return emails.count { $0.kind == kind && $0.to == address }
  }
}
