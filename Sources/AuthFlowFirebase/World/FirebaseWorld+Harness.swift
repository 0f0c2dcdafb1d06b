import AuthFlowEngine
import AuthFlowLanguage
import Foundation

extension FirebaseWorld {
  // MARK: - The clock

  /// The virtual clock's time.
  public var now: VirtualTime { locked { world.now } }

  /// Moves the clock forward; each device's client refreshes its ID token when due on the way, as it would
  /// while the app waits, and its ID-token listeners hear of it.
  public func advance(by duration: VirtualDuration) {
    locked {
      let clients = auths.keys.sorted().compactMap { auths[$0]?.client }
      world.advance(to: world.now + duration, clients: clients) { deliverPendingNotifications() }
    }
  }

  // MARK: - Your server

  /// A custom token for `uid` with developer `claims`, as your server would mint it with the Admin SDK's
  /// `createCustomToken` (here unsigned, as the Admin SDK mints them for the emulator): hand it to
  /// ``Auth/signIn(withCustomToken:)``.
  public func customToken(uid: String, claims: [String: ClaimValue] = [:]) -> String {
    var payload: [String: Any] = [
      "uid": uid,
      "aud": "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit",
    ]
    if !claims.isEmpty {
      payload["claims"] = claims.mapValues(\.foundationValue)
    }
    let body =
      (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data("{}".utf8)
    return UnsignedJWT.encode(body)
  }

  /// The uid and claims of a custom token (a JWT, signed or not, or plain JSON); nil when it has no uid or a
  /// claim that is not a string, a whole number or a boolean.
  static func parseCustomToken(_ token: String) -> (uid: String, claims: [String: ClaimValue])? {
    let data = token.hasPrefix("{") ? Data(token.utf8) : UnsignedJWT.payload(of: token)
    guard let data, let payload = try? JSONDecoder().decode(CustomTokenPayload.self, from: data),
      let uid = payload.uid
    else { return nil }
    return (uid, payload.claims ?? [:])
  }

  private struct CustomTokenPayload: Decodable {
    var uid: String?
    var claims: [String: ClaimValue]?
  }

  // MARK: - The outbox and the browser

  /// Every email the backend sent, oldest first.
  public var emails: [Email] { locked { world.outbox.emails } }

  /// The newest email of `kind` to `address`.
  public func newestEmail(_ kind: MailKind, to address: String) -> Email? {
    locked { world.outbox.newest(kind, to: address) }
  }

  /// Every SMS the backend sent (phone verification codes), oldest first. Numbers in the settings'
  /// `testPhoneNumbers` get none: they take their fixed code.
  public var textMessages: [SMS] { locked { world.smsOutbox.messages } }

  /// The newest SMS to `number` (E.164): its `code` is what the user types after
  /// ``PhoneAuthProvider/verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``.
  public func newestSMS(to number: String) -> SMS? { locked { world.smsOutbox.newest(to: number) } }

  /// The code an authenticator app shows now (virtual time) for a secret being enrolled: what the user types for
  /// ``TOTPMultiFactorGenerator/assertionForEnrollment(with:oneTimePassword:)``. Nil once the enrolment finished
  /// (the secret then belongs to the factor: ``authenticatorCode(factor:)``).
  public func authenticatorCode(secret: TOTPSecret) -> String? {
    locked { world.backend.authenticatorCode(enrollmentSession: secret.sessionID) }
  }

  /// The code the user's authenticator app shows now (virtual time) for an enrolled TOTP factor (an entry of
  /// ``MultiFactor/enrolledFactors`` or a resolver's hint): what the user types for
  /// ``TOTPMultiFactorGenerator/assertionForSignIn(withEnrollmentID:oneTimePassword:)``. Nil for a phone factor
  /// or one no longer enrolled.
  public func authenticatorCode(factor: MultiFactorInfo) -> String? {
    locked { world.backend.authenticatorCode(factor: factor.uid) }
  }

  /// A browser opens an emailed link on the hosted action page: a verification link verifies, a
  /// password-reset link sets `newPassword` (or is only checked without one). Throws the `NSError` the page
  /// would show (`expiredActionCode`, `invalidActionCode`, …).
  public func openLink(_ email: Email, newPassword: String? = nil) throws {
    try locked { () throws(NSError) in
      do throws(AuthFlowLanguage.AuthErrorCode) {
        try world.openLink(email, newPassword: newPassword)
      } catch {
        throw AuthErrorUtils.error(error)
      }
    }
  }

  // MARK: - The backend

  /// The account with this email as the backend has it now (not as any device caches it).
  public func account(email: String) -> AccountInfo? { locked { world.account(email: email) } }

  /// Does what the Admin SDK does (disable, delete, revoke sessions, …); false when no account has the email.
  @discardableResult
  public func admin(_ action: AdminAction) -> Bool { locked { world.performAdmin(action) } }

  /// Turns a device's network on or off; offline, every call fails with `networkError`.
  public func setOnline(_ online: Bool, device: String) {
    let auth = auth(for: device)
    locked { auth.client.setOnline(online) }
  }

  /// The next matching call (from `device`, or from any device when nil) fails with `error`.
  public func failNext(_ operation: BackendOperation, with error: WorldErrorCode, device: String? = nil) {
    locked { world.injectFailure(operation, error: error, device: device) }
  }

  /// What happened so far, one line per backend call, email, sheet and session change.
  public var transcript: [TranscriptEntry] { locked { world.transcript } }

  // MARK: - Identity providers

  /// Decides how the next sign-in sheet presented on `device` is answered (by default: success with the
  /// provider's first account, or the account whose email the app passed as its default value).
  public func answerNextSheet(on device: String, with sheet: ProviderSheet) {
    locked { sheetAnswers[device, default: []].append(sheet) }
  }

  /// Takes the queued answer for a sheet of `provider` on `device`, if any.
  func takeSheetAnswer(device: String, provider: ProviderID) -> AuthFlowLanguage.ProviderSheet? {
    guard let index = sheetAnswers[device]?.firstIndex(where: { $0.provider == provider }) else { return nil }
    return sheetAnswers[device]?.remove(at: index)
  }

  /// A credential for the IdP account with `email` (the provider's first account when nil), as the provider's
  /// SDK would hand it to the app after a successful sheet; nil when the provider has no such account.
  public func credential(for provider: ProviderID, email: String? = nil) -> AuthCredential? {
    locked {
      world.identityProviders.account(provider, email: email).map { mintCredential(for: $0) }
    }
  }

  /// Hands out tokens for an IdP account, shaped as its provider's SDK returns them.
  func mintCredential(for idp: IdentityProviders.Account) -> OAuthCredential {
    func token(_ kind: String) -> String {
      let value = "\(kind).\(idp.provider.rawValue).\(world.newIdentifier(length: 24))"
      issuedTokens[value] = idp
      return value
    }
    switch idp.provider {
    case .google:
      return OAuthCredential(
        providerID: idp.provider.rawValue, idToken: token("id"), accessToken: token("at"))
    case .apple:
      // Sign in with Apple gives the app the user's name on the first authorization only (`fullName`); the app
      // passes it on, as Apple's ID token never carries it.
      var name: PersonNameComponents?
      if let full = idp.name, appleNamesShared.insert(idp.subject).inserted {
        let parts = full.split(separator: " ", maxSplits: 1).map(String.init)
        name = PersonNameComponents()
        name?.givenName = parts.first
        name?.familyName = parts.count > 1 ? parts[1] : nil
      }
      return OAuthCredential(
        providerID: idp.provider.rawValue, idToken: token("id"), accessToken: nil,
        rawNonce: world.newIdentifier(length: 16), fullName: name)
    case .twitter:
      return OAuthCredential(
        providerID: idp.provider.rawValue, idToken: nil, accessToken: token("at"), secret: token("secret"))
    default:
      return OAuthCredential(providerID: idp.provider.rawValue, idToken: nil, accessToken: token("at"))
    }
  }

  /// The IdP account a credential's tokens stand for: tokens this world never issued, or issued for another
  /// provider, are `invalid-credential`, as production's `signInWithIdp` answers a forged token.
  func identityProviderAccount(for credential: AuthCredential) throws(AuthFlowLanguage.AuthErrorCode)
    -> IdentityProviders.Account
  {
    guard case .tokens(let tokens) = credential.content else { throw .invalidCredential }
    for token in tokens {
      guard var idp = issuedTokens[token], idp.provider.rawValue == credential.provider else { continue }
      if idp.provider == .apple {
        // Apple's ID token never carries the name: the service takes the full name the app passes with the
        // credential, if any (the SDK sends it as `user`).
        let parts = [
          (credential as? OAuthCredential)?.fullName?.givenName,
          (credential as? OAuthCredential)?.fullName?.familyName,
        ]
        let name = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        idp.name = name.isEmpty ? nil : name
      }
      return idp
    }
    throw .invalidCredential
  }
}

extension FirebaseWorld {
  /// The world's `auth/…` code for an error the API threw (`wrong-password` for `.wrongPassword`), nil for
  /// one from another domain: what glue code shows as a machine's `error`, so scenarios can expect it.
  public static func worldCode(for error: Error) -> WorldErrorCode? {
    let error = error as NSError
    guard error.domain == AuthErrors.domain, let code = AuthErrorCode(rawValue: error.code) else {
      return nil
    }
    let candidates = AuthFlowLanguage.AuthErrorCode.known + [.noSuchProvider]
    return candidates.first { AuthErrorUtils.code(for: $0) == code }
  }
}
