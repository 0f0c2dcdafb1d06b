import AuthFlowLanguage
import Foundation

/// A JWT as the Firebase Auth emulator issues ID tokens and the Admin SDK mints custom tokens for it: the
/// header `{"alg":"none","typ":"JWT"}`, the payload as compact JSON with its keys sorted, and no signature,
/// each part base64url-encoded without padding.
///
/// The ID tokens of `serve` and of the FirebaseAuth-compatible API are these, so app code that reads a token's
/// payload itself (its `exp`, a claim) reads what it would read on a device; a signature check, which only a
/// server with Google's keys could pass, is not modelled.
package enum UnsignedJWT {
  /// `payload` (JSON) as an unsigned JWT.
  package static func encode(_ payload: Data) -> String {
    base64URL(header) + "." + base64URL(payload) + "."
  }

  /// `claims` as an unsigned JWT.
  package static func encode(claims: [String: ClaimValue]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encode((try? encoder.encode(claims)) ?? Data("{}".utf8))
  }

  /// The payload of a JWT (signed or not), or nil when `jwt` has no second part in base64url.
  package static func payload(of jwt: String) -> Data? {
    let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return nil }
    var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return Data(base64Encoded: text)
  }

  private static let header = Data(#"{"alg":"none","typ":"JWT"}"#.utf8)

  private static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
