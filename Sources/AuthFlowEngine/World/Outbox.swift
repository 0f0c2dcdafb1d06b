import AuthFlowLanguage

/// Every email the backend sent, oldest first.
public final class Outbox {
  public struct Email: Equatable, Sendable {
    public var to: String
    public var kind: MailKind
    public var sentAt: VirtualTime
    public var code: String
    /// The action link, as the email shows it.
    public var link: String { link(code: code) }
    /// The link with its code shortened, as transcripts print it.
    public var redactedLink: String { link(code: Redactor.shorten(code)) }
    private func link(code: String) -> String {
      "https://authflow.test/__/auth/action?mode=\(mode)&oobCode=\(code)"
    }
    var mode: String { kind == .verifyEmail ? "verifyEmail" : "resetPassword" }
  }

  public private(set) var emails: [Email] = []

  func deliver(_ email: Email) { emails.append(email) }

  /// The newest email of `kind` to `address` (compared case-insensitively).
  public func newest(_ kind: MailKind, to address: String) -> Email? {
    let address = address.lowercased()
    return emails.last { $0.kind == kind && $0.to == address }
  }

  public func count(_ kind: MailKind, to address: String) -> Int {
    let address = address.lowercased()
    return emails.count { $0.kind == kind && $0.to == address }
  }
}
