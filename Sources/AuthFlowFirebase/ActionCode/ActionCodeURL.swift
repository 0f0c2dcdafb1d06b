import Foundation

/// The parts of an emailed action link: its mode, code, continue URL and language.
open class ActionCodeURL: NSObject, @unchecked Sendable {
  /// The API key in the link, if any.
  public let apiKey: String?
  /// What the link is for (`mode`).
  public let operation: ActionCodeOperation
  /// The action code (`oobCode`).
  public let code: String?
  /// The continue URL, if any.
  public let continueURL: URL?
  /// The language code, if any.
  public let languageCode: String?

  /// Parses a link's query, as the SDK does: nil when it has no `name=value` item. Only the link's own query is
  /// read: a Dynamic Link that wraps the action link in its `link` parameter must be resolved by the app first
  /// (an app that skips that signs in here only if it reads the wrapped link itself, as in production).
  public init?(link: String) {
    let query = Self.queryItems(of: link)
    guard !query.isEmpty else { return nil }
    apiKey = query["apiKey"]
    code = query["oobCode"]
    continueURL = query["continueUrl"].flatMap(URL.init(string:))
    languageCode = query["lang"]
    operation = Self.operation(mode: query["mode"])
  }

  /// A link's query items by name, as the SDK reads them: each `name=value` (split at the first `=`, both
  /// percent-decoded), a later one replacing an earlier one of the same name.
  static func queryItems(of link: String) -> [String: String] {
    guard let query = URLComponents(string: link)?.query else { return [:] }
    var items: [String: String] = [:]
    for item in query.split(separator: "&", omittingEmptySubsequences: false) {
      guard let equals = item.firstIndex(of: "="),
        let name = item[..<equals].removingPercentEncoding,
        let value = item[item.index(after: equals)...].removingPercentEncoding
      else { continue }
      items[name] = value
    }
    return items
  }

  static func operation(mode: String?) -> ActionCodeOperation {
    switch mode {
    case "resetPassword": .passwordReset
    case "verifyEmail": .verifyEmail
    case "recoverEmail": .recoverEmail
    case "signIn": .emailLink
    case "verifyAndChangeEmail": .verifyAndChangeEmail
    case "revertSecondFactorAddition": .revertSecondFactorAddition
    default: .unknown
    }
  }
}
