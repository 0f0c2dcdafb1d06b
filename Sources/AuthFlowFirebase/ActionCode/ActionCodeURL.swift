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

  /// Parses a link's query as the SDK's `ActionCodeURL` does: nil when it has no `name=value` item. The query
  /// is read percent-decoded, so a Dynamic Link that wraps the action link in its `link` parameter yields the
  /// wrapped link's items too.
  public init?(link: String) {
    let query = Self.queryItems(of: link, splitAtEveryEquals: true)
    guard !query.isEmpty else { return nil }
    apiKey = query["apiKey"]
    code = query["oobCode"]
    continueURL = query["continueUrl"].flatMap(URL.init(string:))
    languageCode = query["lang"]
    operation = Self.operation(mode: query["mode"])
  }

  /// A link's query items by name, as the SDK reads them: the query percent-decoded, split at each `&`, each item
  /// percent-decoded again, a later item replacing an earlier one of the same name. `ActionCodeURL` splits an
  /// item at every `=` and keeps the first two parts (so an item with an empty value is skipped);
  /// `isSignIn(withEmailLink:)` splits at the first `=` only.
  static func queryItems(of link: String, splitAtEveryEquals: Bool = false) -> [String: String] {
    guard let query = URLComponents(string: link)?.query else { return [:] }
    var items: [String: String] = [:]
    for item in query.split(separator: "&", omittingEmptySubsequences: false) {
      let name: Substring
      let value: Substring
      if splitAtEveryEquals {
        let parts = item.split(separator: "=")
        guard parts.count >= 2 else { continue }
        (name, value) = (parts[0], parts[1])
      } else {
        guard let equals = item.firstIndex(of: "=") else { continue }
        (name, value) = (item[..<equals], item[item.index(after: equals)...])
      }
      guard let name = name.removingPercentEncoding, let value = value.removingPercentEncoding else {
        continue
      }
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
