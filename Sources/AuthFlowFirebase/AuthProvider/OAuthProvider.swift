import Foundation

/// Generic OAuth providers (Apple, Microsoft, Yahoo, OIDC, …): credentials from their tokens, and Sign in with
/// Apple's `appleCredential`.
open class OAuthProvider: NSObject, FederatedAuthProvider, @unchecked Sendable {
  /// `OAuth`.
  public static let id = "OAuth"

  /// The OAuth scopes to ask for.
  open var scopes: [String]?
  /// Custom OAuth parameters.
  open var customParameters: [String: String]?
  /// The provider's id, e.g. `apple.com`.
  public let providerID: String
  /// The `Auth` the provider belongs to.
  let auth: Auth

  /// A provider for `providerID`, on the current device's `Auth`.
  @available(swift, deprecated: 0.01, message: "Use `provider(providerID: AuthProviderID)` instead.")
  open class func provider(providerID: String) -> OAuthProvider {
    OAuthProvider(providerID: providerID, auth: Auth.auth())
  }

  /// A provider for `providerID`, on the current device's `Auth`.
  public class func provider(providerID: AuthProviderID) -> OAuthProvider {
    OAuthProvider(providerID: providerID.rawValue, auth: Auth.auth())
  }

  /// A provider for `providerID` on `auth`.
  @available(
    swift, deprecated: 0.01, message: "Use `provider(providerID: AuthProviderID, auth: Auth)` instead."
  )
  open class func provider(providerID: String, auth: Auth) -> OAuthProvider {
    OAuthProvider(providerID: providerID, auth: auth)
  }

  /// A provider for `providerID` on `auth`.
  public class func provider(providerID: AuthProviderID, auth: Auth) -> OAuthProvider {
    OAuthProvider(providerID: providerID.rawValue, auth: auth)
  }

  /// A provider for `providerID` on `auth` (the current device's by default).
  public init(providerID: String, auth: Auth = Auth.auth()) {
    self.providerID = providerID
    self.auth = auth
    super.init()
  }

  /// A provider for `providerID` on `auth` (the current device's by default).
  public convenience init(providerID: AuthProviderID, auth: Auth = Auth.auth()) {
    self.init(providerID: providerID.rawValue, auth: auth)
  }

  // MARK: - Credentials

  /// A credential from an ID token and an access token.
  @available(
    swift, deprecated: 0.01, message: "Use `credential(providerID: AuthProviderID, idToken:, accessToken:)`."
  )
  public static func credential(withProviderID providerID: String, idToken: String, accessToken: String?)
    -> OAuthCredential
  {
    OAuthCredential(providerID: providerID, idToken: idToken, accessToken: accessToken)
  }

  /// A credential from an ID token and, optionally, an access token.
  public static func credential(providerID: AuthProviderID, idToken: String, accessToken: String? = nil)
    -> OAuthCredential
  {
    OAuthCredential(providerID: providerID.rawValue, idToken: idToken, accessToken: accessToken)
  }

  /// A credential from an access token.
  @available(swift, deprecated: 0.01, message: "Use `credential(providerID: AuthProviderID, accessToken:)`.")
  public static func credential(withProviderID providerID: String, accessToken: String) -> OAuthCredential {
    OAuthCredential(providerID: providerID, idToken: nil, accessToken: accessToken)
  }

  /// A credential from an access token.
  public static func credential(providerID: AuthProviderID, accessToken: String) -> OAuthCredential {
    OAuthCredential(providerID: providerID.rawValue, idToken: nil, accessToken: accessToken)
  }

  /// A credential from an ID token, the raw nonce it was asked with, and an access token.
  @available(
    swift, deprecated: 0.01,
    message: "Use `credential(providerID: AuthProviderID, idToken:, rawNonce:, accessToken:)`."
  )
  public static func credential(
    withProviderID providerID: String, idToken: String, rawNonce: String, accessToken: String
  ) -> OAuthCredential {
    OAuthCredential(providerID: providerID, idToken: idToken, accessToken: accessToken, rawNonce: rawNonce)
  }

  /// A credential from an ID token and the raw nonce it was asked with.
  @available(
    swift, deprecated: 0.01,
    message: "Use `credential(providerID: AuthProviderID, idToken:, rawNonce:, accessToken:)`."
  )
  public static func credential(withProviderID providerID: String, idToken: String, rawNonce: String)
    -> OAuthCredential
  {
    OAuthCredential(providerID: providerID, idToken: idToken, accessToken: nil, rawNonce: rawNonce)
  }

  /// A credential from an ID token, the raw nonce it was asked with and, optionally, an access token.
  public static func credential(
    providerID: AuthProviderID, idToken: String, rawNonce: String, accessToken: String? = nil
  ) -> OAuthCredential {
    OAuthCredential(
      providerID: providerID.rawValue, idToken: idToken, accessToken: accessToken, rawNonce: rawNonce)
  }

  /// A Sign in with Apple credential: the ID token, the raw nonce and the name Apple reported (first sign-in
  /// only).
  public static func appleCredential(
    withIDToken idToken: String, rawNonce: String?, fullName: PersonNameComponents?
  ) -> OAuthCredential {
    OAuthCredential(
      providerID: AuthProviderID.apple.rawValue, idToken: idToken, accessToken: nil, rawNonce: rawNonce,
      fullName: fullName)
  }

  // MARK: - The provider's sign-in page

  /// Presents the provider's sign-in page (an ``IdentityProviderSheet`` on this provider's device, answered as
  /// the world says) and calls `completion` with its credential, or with `webContextCancelled` when the user
  /// closes it, when the SDK would (see `Completion`). A `login_hint` in ``customParameters`` picks the account, as the page would;
  /// `uiDelegate` is not used.
  open func getCredentialWith(
    _ uiDelegate: AuthUIDelegate?, completion: ((AuthCredential?, Error?) -> Void)? = nil
  ) {
    Completion.call(completion) { [self] in try credentialFromSheet() }
  }

  /// Presents the provider's sign-in page and returns its credential; see ``getCredentialWith(_:completion:)``.
  /// It runs on its caller's actor (the SDK's runs on the main actor), as ``FederatedAuthProvider`` asks.
  nonisolated(nonsending) open func credential(with uiDelegate: AuthUIDelegate?) async throws
    -> AuthCredential
  {
    try credentialFromSheet()
  }

  /// The credential of the sheet, presented now.
  func credentialFromSheet() throws -> AuthCredential {
    try IdentityProviderSheet(providerID: providerID, auth: auth)
      .presentNow(defaultValue: customParameters?["login_hint"])
  }
}
