import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The client endpoints (`accounts:*` without a project) and the secure-token refresh.
extension AuthServer {
  /// Runs a backend call, turning its ``AuthErrorCode`` into the service's error.
  func backend<T>(_ context: ServiceError.Context = .client, _ body: () throws(AuthErrorCode) -> T)
    throws(ServiceError) -> T
  {
    do {
      return try body()
    } catch {
      throw ServiceError(error, context: context, passwordMinLength: world.settings.passwordMinLength)
    }
  }

  var expiresIn: JSON { .string(String(world.settings.idTokenTTL.seconds)) }

  /// The fields every sign-in response carries.
  func sessionJSON(_ session: ServedSession, kind: String, provider: String, signInAttributes: JSON? = nil)
    -> [String: JSON]
  {
    let jwt = tokens.issue(
      session.tokens.idToken, refreshToken: session.tokens.refreshToken,
      provider: provider, tenant: tenantID, signInAttributes: signInAttributes)
    return [
      "kind": .string("identitytoolkit#\(kind)"), "localId": .string(session.account.uid),
      "email": .optional(session.account.email), "displayName": .optional(session.account.displayName),
      "idToken": .string(jwt), "refreshToken": .string(session.tokens.refreshToken), "expiresIn": expiresIn,
    ]
  }

  func signUp(_ call: Call) throws -> JSON {
    let request = try call.decode(SignUpRequest.self)
    // Only the Admin API names the uid of the account it creates.
    guard request.localId == nil else { throw ServiceError("UNEXPECTED_PARAMETER : User ID") }
    let (email, password) = (request.email ?? "", request.password ?? "")
    if request.idToken == nil, email.isEmpty, password.isEmpty {
      // An empty email is not a guest: the service checks the address it was given.
      guard request.email == nil else { throw ServiceError("INVALID_EMAIL") }
      // No email, no password, no ID token: an anonymous sign-in (the SDKs' signInAnonymously).
      let session = try backend { () throws(AuthErrorCode) in try world.signUpAnonymously() }
      return .object(sessionJSON(session, kind: "SignupNewUserResponse", provider: "anonymous"))
    }
    guard !email.isEmpty else { throw ServiceError.missing("EMAIL") }
    guard !password.isEmpty else { throw ServiceError.missing("PASSWORD") }
    if let idToken = request.idToken {
      // Linking an email and password to the signed-in user: a guest keeps its uid.
      let token = try self.idToken(idToken)
      let session = try backend { () throws(AuthErrorCode) in
        try world.linkPassword(token, email: email, password: password)
      }
      return .object(sessionJSON(session, kind: "SignupNewUserResponse", provider: "password"))
    }
    // The display name is the new account's from the start, so the ID token minted for it names the user.
    var session = try backend { () throws(AuthErrorCode) in
      try world.signUp(email: email, password: password, displayName: request.displayName)
    }
    let factors = try signUpFactors(request.mfaInfo ?? [])
    if !factors.isEmpty {
      let uid = session.account.uid
      session.account = try backend { () throws(AuthErrorCode) in
        try world.setSecondFactors(uid: uid, factors)
      }
    }
    return .object(sessionJSON(session, kind: "SignupNewUserResponse", provider: "password"))
  }

  /// A sign-up's `mfaInfo`: phone factors, one a number (the first of each wins), each with a new enrolment id
  /// whatever the request names, as the emulator creates them; a number that is not E.164 is
  /// `INVALID_MFA_PHONE_NUMBER : Invalid format.`.
  private func signUpFactors(_ inputs: [MFAFactorInput]) throws(ServiceError) -> [AdminSecondFactor] {
    var factors: [AdminSecondFactor] = []
    for input in inputs {
      guard let number = input.phoneInfo, PhoneNumber.isValid(number) else {
        throw ServiceError("INVALID_MFA_PHONE_NUMBER : Invalid format.")
      }
      guard !factors.contains(where: { $0.phoneNumber == number }) else { continue }
      factors.append(
        AdminSecondFactor(
          enrollmentID: nil, phoneNumber: number, displayName: input.displayName, enrolledAt: nil))
    }
    return factors
  }

  /// `accounts:signUp` with the owner credential: the Admin API's account creation (`localId`, `phoneNumber`,
  /// `mfaInfo`; answered without tokens), as production and the emulator serve a privileged sign-up. With an
  /// `idToken` it is the client's sign-up, which names no uid.
  func adminSignUp(_ call: Call) throws -> JSON {
    let request = try call.decode(SignUpRequest.self)
    guard request.idToken != nil else { return try adminCreate(call) }
    guard request.localId == nil else { throw ServiceError("UNEXPECTED_PARAMETER : User ID") }
    return try signUp(call)
  }

  func signInWithPassword(_ call: Call) throws -> JSON {
    let request = try call.decode(SignInWithPasswordRequest.self)
    // Password sign-in switched off (a tenant's `allowPasswordSignup`) is said before the fields are read.
    guard world.settings.signInMethods.contains("password") else {
      throw ServiceError("PASSWORD_LOGIN_DISABLED")
    }
    guard let email = request.email else { throw ServiceError.missing("EMAIL") }
    guard EmailAddress.isValid(email) else { throw ServiceError("INVALID_EMAIL") }
    guard let password = request.password, !password.isEmpty else { throw ServiceError.missing("PASSWORD") }
    let signIn: ServedWorld.SignIn
    do {
      signIn = try world.signInWithPassword(email: email, password: password)
    } catch .operationNotAllowed {
      // Production's word when email and password sign-in is off; the SDKs read it as operation-not-allowed.
      throw ServiceError("PASSWORD_LOGIN_DISABLED")
    } catch .tooManyRequests where world.isLockedOut(email: email) {
      // An account locked out by `password_attempt_limit`, in production's words (the SDKs show the reason).
      throw ServiceError(
        "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed "
          + "login attempts. You can immediately restore it by resetting your password or you can try again later."
      )
    } catch {
      throw ServiceError(error, passwordMinLength: world.settings.passwordMinLength)
    }
    guard case .signedIn(let session) = signIn else {
      var json = mfaPendingJSON(signIn, kind: "VerifyPasswordResponse")
      json["registered"] = true
      return .object(json)
    }
    var json = sessionJSON(session, kind: "VerifyPasswordResponse", provider: "password")
    json["registered"] = true
    return .object(json)
  }

  /// `accounts:signInWithCustomToken {token}`: the token is a JWT (unsigned, as the Admin SDK mints them for the
  /// emulator; a signature is not checked) or plain JSON, with `uid` and optional `claims`.
  /// The audience of a custom token, as the Admin SDKs mint them: Identity Toolkit's service name.
  static let customTokenAudience =
    "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

  /// The longest a custom token may live, `exp` after `iat`, in seconds: an hour, as production holds it.
  static let customTokenLifetime: Double = 3600

  /// `accounts:signInWithCustomToken {token}`: an unsigned JWT addressed to ``customTokenAudience`` (another
  /// audience: `INVALID_CUSTOM_TOKEN`), or JSON, with a `uid` (`MISSING_IDENTIFIER` without one).
  func signInWithCustomToken(_ call: Call) throws -> JSON {
    struct Payload: Decodable {
      var uid: String?
      var claims: [String: ClaimValue]?
      /// The tenant a tenant-aware Admin SDK minted the token for (`tenant_id`).
      var tenant: String?
      /// Whom a JWT is for: Identity Toolkit (``AuthServer/customTokenAudience``).
      var aud: String?
      /// When it was minted and when it expires, in seconds since 1970 (the Admin SDKs write both).
      var iat: Double?
      var exp: Double?
      /// `claims` was written but is not an object of the values `ClaimValue` holds (a fraction or `null`
      /// inside, which production takes and authflow does not model).
      var claimsUnsupported = false
      enum CodingKeys: String, CodingKey {
        case uid, claims, aud, iat, exp
        case tenant = "tenant_id"
      }

      init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uid = try container.decodeIfPresent(String.self, forKey: .uid)
        tenant = try container.decodeIfPresent(String.self, forKey: .tenant)
        aud = try container.decodeIfPresent(String.self, forKey: .aud)
        iat = try container.decodeIfPresent(Double.self, forKey: .iat)
        exp = try container.decodeIfPresent(Double.self, forKey: .exp)
        if container.contains(.claims), try !container.decodeNil(forKey: .claims) {
          claims = try? container.decode([String: ClaimValue].self, forKey: .claims)
          claimsUnsupported = claims == nil
        }
      }
    }
    let request = try call.decode(SignInWithCustomTokenRequest.self)
    guard let token = request.token, !token.isEmpty else { throw ServiceError.missing("CUSTOM_TOKEN") }
    let data = token.hasPrefix("{") ? Data(token.utf8) : UnsignedJWT.payload(of: token)
    guard let data, let payload = try? JSONDecoder().decode(Payload.self, from: data) else {
      throw ServiceError("INVALID_CUSTOM_TOKEN : the token is not a custom token")
    }
    guard !payload.claimsUnsupported else {
      throw ServiceError(
        "INVALID_CUSTOM_TOKEN : claims must be an object of strings, whole numbers, booleans, lists and objects "
          + "(authflow does not model a fraction or null)")
    }
    if let audience = payload.aud, audience != Self.customTokenAudience {
      throw ServiceError("INVALID_CUSTOM_TOKEN : the token is not for Identity Toolkit (aud: \(audience))")
    }
    // Production refuses a token that lives longer than an hour, or not at all. Its expiry itself is not held
    // against the virtual clock: the Admin SDK mints with the wall clock's time.
    if let iat = payload.iat, let exp = payload.exp, !(iat < exp && exp - iat <= Self.customTokenLifetime) {
      throw ServiceError("INVALID_CUSTOM_TOKEN : exp must be after iat, by an hour at most")
    }
    guard let uid = payload.uid, !uid.isEmpty else { throw ServiceError.missing("IDENTIFIER") }
    // A token minted for one tenant signs in to that tenant only; a JSON token (emulator style) may omit it.
    let tokenTenant = payload.tenant ?? (token.hasPrefix("{") ? tenantID : nil)
    guard tokenTenant == tenantID else { throw ServiceError("TENANT_ID_MISMATCH") }
    let claims = try CustomClaims.claims(payload.claims ?? [:])
    let session = try backend { () throws(AuthErrorCode) in
      try world.signInWithCustomToken(uid: uid, claims: claims)
    }
    var json = sessionJSON(session, kind: "VerifyCustomTokenResponse", provider: "custom")
    json["isNewUser"] = .bool(session.isNewUser)
    return .object(json)
  }

  /// `accounts:signInWithEmailLink {email, oobCode}`; with an `idToken`, links the link's address to that
  /// user (`link(with:)` with an email-link credential: a guest keeps its uid).
  func signInWithEmailLink(_ call: Call) throws -> JSON {
    let request = try call.decode(SignInWithEmailLinkRequest.self)
    // Email-link sign-in off is refused before the request is read, as the emulator does.
    guard world.settings.allows("email_link") else { throw ServiceError("OPERATION_NOT_ALLOWED") }
    guard let email = request.email, !email.isEmpty else { throw ServiceError.missing("EMAIL") }
    guard let code = request.oobCode, !code.isEmpty else { throw ServiceError.missing("OOB_CODE") }
    if let idToken = request.idToken, !idToken.isEmpty {
      let token = try self.idToken(idToken)
      let session = try emailLink(email) { () throws(AuthErrorCode) in
        try world.linkEmailLink(token, email: email, code: code)
      }
      var json = sessionJSON(session, kind: "EmailLinkSigninResponse", provider: "password")
      json["email"] = .optional(session.account.email)
      json["isNewUser"] = .bool(false)
      return .object(json)
    }
    let signIn = try emailLink(email) { () throws(AuthErrorCode) in
      try world.signInWithEmailLink(email: email, code: code)
    }
    guard case .signedIn(let session) = signIn else {
      return .object(mfaPendingJSON(signIn, kind: "EmailLinkSigninResponse"))
    }
    var json = sessionJSON(session, kind: "EmailLinkSigninResponse", provider: "password")
    json["email"] = .optional(session.account.email)
    json["isNewUser"] = .bool(session.isNewUser)
    return .object(json)
  }

  /// A sign-in link's call: a well-formed `email` the link was not sent to is `INVALID_EMAIL` with the service's
  /// explanation, as production and the emulator give it.
  private func emailLink<T>(_ email: String, _ body: () throws(AuthErrorCode) -> T) throws(ServiceError) -> T
  {
    do {
      return try body()
    } catch .invalidEmail where EmailAddress.isValid(email) {
      throw ServiceError("INVALID_EMAIL : The email provided does not match the sign-in email address.")
    } catch {
      throw ServiceError(error, passwordMinLength: world.settings.passwordMinLength)
    }
  }

  /// The refresh request's grant type and refresh token, from a form body (snake or camel case, as OAuth 2.0
  /// and the SDKs send them), a JSON body or the query.
  private func refreshRequest(_ call: Call) throws(ServiceError) -> RefreshRequest {
    var request: RefreshRequest
    if let form = String(data: call.body, encoding: .utf8), !form.hasPrefix("{"), !call.body.isEmpty {
      let fields = FormBody(form)
      request = RefreshRequest(
        grantType: fields["grant_type"] ?? fields["grantType"],
        refreshToken: fields["refresh_token"] ?? fields["refreshToken"])
    } else {
      request = try call.decode(RefreshRequest.self)
    }
    request.grantType = request.grantType ?? call.queryValue("grant_type")
    request.refreshToken = request.refreshToken ?? call.queryValue("refresh_token")
    return request
  }

  /// The tenant whose session holds the refresh token `call` carries, if any.
  func refreshToken(in call: Call) throws(ServiceError) -> String? {
    guard let refreshToken = try refreshRequest(call).refreshToken else { return nil }
    return tokens.tenant(ofRefreshToken: refreshToken)
  }

  func refreshToken(_ call: Call) throws -> JSON {
    let request = try refreshRequest(call)
    guard let refreshToken = request.refreshToken, !refreshToken.isEmpty else {
      throw ServiceError("MISSING_REFRESH_TOKEN")
    }
    guard let grantType = request.grantType, !grantType.isEmpty else {
      throw ServiceError.missing("GRANT_TYPE")
    }
    guard grantType == "refresh_token" else { throw ServiceError("INVALID_GRANT_TYPE") }
    let token: IDToken
    let account: ServedAccount
    do {
      (token, account) = try world.refresh(refreshToken)
    } catch {
      // Production tells a token it never issued, and a deleted user's, from a revoked session.
      if let problem = world.refreshTokenProblem(refreshToken) { throw ServiceError(problem) }
      throw ServiceError(error, context: .refresh, passwordMinLength: world.settings.passwordMinLength)
    }
    let jwt = tokens.issue(token, refreshToken: refreshToken, tenant: tenantID)
    return [
      "access_token": .string(jwt), "id_token": .string(jwt), "expires_in": expiresIn, "token_type": "Bearer",
      "refresh_token": .string(refreshToken), "user_id": .string(account.uid),
      "project_id": .string(projectID),
    ]
  }

  func lookup(_ call: Call, admin: Bool) throws -> JSON {
    let request = try call.decode(LookupRequest.self)
    if let idToken = request.idToken {
      let token = try self.idToken(idToken)
      let account = try backend { () throws(AuthErrorCode) in try world.lookup(token) }
      return [
        "kind": "identitytoolkit#GetAccountInfoResponse", "users": [userJSON(account, tenant: tenantID)],
      ]
    }
    // Without an owner credential only the caller's own ID token says whose account to return.
    guard admin else { throw ServiceError.missing("ID_TOKEN") }
    var found: [ServedAccount] = []
    for uid in request.localId ?? [] { if let account = world.account(uid: uid) { found.append(account) } }
    for email in request.email ?? [] {
      if let account = world.account(email: email) { found.append(account) }
    }
    for number in request.phoneNumber ?? [] {
      if let account = world.account(phoneNumber: number) { found.append(account) }
    }
    // An account named twice (by two ids, or by its id and its email) is listed once, as the service lists it.
    var listed = Set<String>()
    found = found.filter { listed.insert($0.uid).inserted }
    // The service leaves `users` out when nothing matched; the Admin SDK reads that as "user not found".
    guard !found.isEmpty else { return ["kind": "identitytoolkit#GetAccountInfoResponse"] }
    return [
      "kind": "identitytoolkit#GetAccountInfoResponse",
      "users": .array(found.map { userJSON($0, tenant: tenantID) }),
    ]
  }

  func createAuthUri(_ call: Call) throws -> JSON {
    let request = try call.decode(CreateAuthUriRequest.self)
    guard let email = request.identifier, !email.isEmpty else { throw ServiceError.missing("IDENTIFIER") }
    guard let continueUri = request.continueUri, !continueUri.isEmpty else {
      throw ServiceError.missing("CONTINUE_URI")
    }
    guard Self.isAbsoluteURI(continueUri) else { throw ServiceError("INVALID_CONTINUE_URI") }
    guard EmailAddress.isValid(email) else { throw ServiceError("INVALID_IDENTIFIER") }
    let protected = world.settings.emailEnumerationProtection
    let methods = try backend { () throws(AuthErrorCode) in try world.createAuthUri(email: email) }
    let sessionId = request.sessionId.flatMap { $0.isEmpty ? nil : $0 } ?? world.newSessionId()
    var json: [String: JSON] = [
      "kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": .string(sessionId),
    ]
    // Under enumeration protection the service says nothing about the email, not even whether it is registered.
    if !protected {
      json["registered"] = .bool(!methods.isEmpty)
      json["signinMethods"] = .array(methods.map { .string($0.rawValue) })
      // Providers, not methods: an email link is the `password` provider.
      var providers: [String] = []
      for method in methods.map({ $0 == .emailLink ? "password" : $0.rawValue })
      where !providers.contains(method) {
        providers.append(method)
      }
      json["allProviders"] = .array(providers.map(JSON.string))
    }
    return .object(json)
  }

  func resetPassword(_ call: Call) throws -> JSON {
    let request = try call.decode(ResetPasswordRequest.self)
    // Production's word when email and password sign-in is off, checked before the request, as the emulator does.
    guard world.settings.allows("password") else { throw ServiceError("PASSWORD_LOGIN_DISABLED") }
    guard let code = request.oobCode, !code.isEmpty else { throw ServiceError.missing("OOB_CODE") }
    guard let newPassword = request.newPassword else {
      // Checking a code (`checkActionCode`, `verifyPasswordResetCode`): any kind, reported as it is.
      let (kind, email, newEmail) = try backend { () throws(AuthErrorCode) in try world.checkActionCode(code)
      }
      // A sign-in link's email is not revealed: the app must know it (or ask the user).
      return [
        "kind": "identitytoolkit#ResetPasswordResponse",
        "email": .optional(kind == .signInLink ? nil : email),
        "newEmail": .optional(newEmail), "requestType": .string(kind.requestType),
      ]
    }
    let email = try backend { () throws(AuthErrorCode) in
      try world.resetPassword(code: code, newPassword: newPassword)
    }
    return [
      "kind": "identitytoolkit#ResetPasswordResponse", "email": .string(email),
      "requestType": "PASSWORD_RESET",
    ]
  }
}

/// An `application/x-www-form-urlencoded` body or `postBody`.
struct FormBody {
  private var fields: [String: String] = [:]

  init(_ text: String) {
    for pair in text.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let key = parts.first else { continue }
      let value = parts.count > 1 ? String(parts[1]) : ""
      fields[Self.decode(String(key))] = Self.decode(value)
    }
  }

  private static func decode(_ text: String) -> String {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? text
  }

  subscript(_ key: String) -> String? { fields[key] }
}

extension MailKind {
  /// The `requestType` Identity Toolkit names this kind's codes with.
  var requestType: String {
    switch self {
    case .verifyEmail: "VERIFY_EMAIL"
    case .passwordReset: "PASSWORD_RESET"
    case .verifyAndChangeEmail: "VERIFY_AND_CHANGE_EMAIL"
    case .recoverEmail: "RECOVER_EMAIL"
    case .signInLink: "EMAIL_SIGNIN"
    }
  }
}
