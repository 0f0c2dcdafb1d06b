import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The one stand-in for the identity providers' own SDKs (Google Sign-In, Sign in with Apple, Facebook Login,
/// FirebaseUI's providers), which are not Firebase: present the provider's sheet, get a credential.
///
/// How the sheet is answered is the world's to say: the scenario's `sign_in_with` (or, in a test,
/// ``FirebaseWorld/answerNextSheet(on:with:)``) picks the account and whether the user goes through, cancels
/// (`webContextCancelled`) or the provider fails. Unanswered, the sheet succeeds with the provider's first
/// account, or with the account whose email the app offered as its default value.
///
/// ```swift
/// // instead of GIDSignIn.sharedInstance.signIn(withPresenting:) + GoogleAuthProvider.credential(…)
/// let credential = try await IdentityProviderSheet(providerID: .google).present()
/// try await Auth.auth().signIn(with: credential)
/// ```
public final class IdentityProviderSheet: NSObject, @unchecked Sendable {
  /// The provider's id: `google.com`, `apple.com`, `facebook.com`, `twitter.com`, `github.com`.
  public let providerID: String
  private let explicitAuth: Auth?

  /// A sheet for a provider, presented on `auth`'s device (the current device's when nil).
  public init(providerID: AuthProviderID, auth: Auth? = nil) {
    self.providerID = providerID.rawValue
    explicitAuth = auth
  }

  /// A sheet for a provider id such as `twitter.com`, presented on `auth`'s device (the current one when nil).
  public convenience init(providerID: String, auth: Auth? = nil) {
    self.init(providerID: .custom(providerID), auth: auth)
  }

  /// Presents the sheet; returns the provider's credential, or throws `webContextCancelled` when the user
  /// closes it and the provider's error when it fails.
  nonisolated(nonsending) public func present(defaultValue: String? = nil) async throws -> AuthCredential {
    try await AsyncMember.run { [self] in try presentNow(defaultValue: defaultValue) }
  }

  /// Presents the sheet; calls `completion` with the credential or the error once the user is done with it,
  /// after this returns where the SDKs would (see `Completion`).
  public func present(defaultValue: String? = nil, completion: @escaping (AuthCredential?, Error?) -> Void) {
    Completion.call(completion) { [self] in try presentNow(defaultValue: defaultValue) }
  }

  /// FirebaseUI's provider call: presents the sheet, then calls `completion` with the credential (or the error),
  /// no result callback and the user info FirebaseUI passes. `presentingViewController` is ignored.
  public func signIn(
    withDefaultValue defaultValue: String?, presenting presentingViewController: Any?,
    completion: ((AuthCredential?, Error?, ((User?, Error?) -> Void)?, [String: Any]?) -> Void)?
  ) {
    Completion.call({ (credential: AuthCredential?, error: Error?) in
      completion?(credential, error, nil, error == nil ? [:] : nil)
    }) { [self] in try presentNow(defaultValue: defaultValue) }
  }

  /// Presents the sheet now.
  func presentNow(defaultValue: String?) throws -> AuthCredential {
    try AuthErrorUtils.requireModelled(provider: providerID)
    let auth = explicitAuth ?? Auth.auth()
    let world = auth.firebaseWorld
    let provider = AuthFlowLanguage.ProviderID(rawValue: providerID)
    return try auth.perform { () throws(AuthFlowLanguage.AuthErrorCode) -> AuthCredential in
      let sheet =
        world.takeSheetAnswer(device: auth.client.device, provider: provider)
        ?? AuthFlowLanguage.ProviderSheet(provider: provider, account: defaultValue, outcome: .success)
      let idp = try auth.client.present(sheet)
      return world.mintCredential(for: idp)
    }
  }
}
