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

  /// Parses a link; nil when it is not a URL.
  public init?(link: String) {
    guard let components = URLComponents(string: link) else { return nil }
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value }
    if let nested = query["link"], let inner = URLComponents(string: nested) {
      for item in inner.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value }
    }
    apiKey = query["apiKey"]
    code = query["oobCode"]
    continueURL = query["continueUrl"].flatMap(URL.init(string:))
    languageCode = query["lang"]
    operation = Self.operation(mode: query["mode"])
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
