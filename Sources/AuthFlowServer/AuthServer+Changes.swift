import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// `signInWithIdp`, `sendOobCode`, `update`, `delete` and the Admin SDK's `createUser`.
extension AuthServer {
  /// The IdP account a `postBody` describes: `providerId` and an `id_token` that is a JWT or plain JSON with
  /// `sub`, `email`, `email_verified` and `name` (what the emulator accepts as a fake IdP credential).
  struct IdPClaims: Decodable {
    var sub: String?
    var email: String?
    var emailVerified: Bool?
    var name: String?
    var givenName: String?
    var familyName: String?
    var picture: String?
    var screenName: String?

    enum CodingKeys: String, CodingKey {
      case sub, email, name, picture
      case screenName = "screen_name"
      case emailVerified = "email_verified"
      case givenName = "given_name"
      case familyName = "family_name"
    }
  }

  /// The IdP's answer as the client SDKs read it: the credential (`oauthIdToken`, `oauthAccessToken`), the
  /// profile and `rawUserInfo`.
  struct IdPResponse {
    var provider: ProviderID
    var claims: IdPClaims
    var idToken: String
    var rawClaims: String
    /// A SAML provider's `attributeStatements` (the emulator's SAMLResponse is JSON; see `samlAssertion`).
    var samlAttributes: JSON? = nil
  }

  /// The IdP credential of a `signInWithIdp` request: from `postBody`, or from the query of `requestUri` (where
  /// the redirect flows put it), as the emulator reads both. `requestUri` is required and absolute, as the
  /// emulator and production check it first.
  func idpAccount(_ postBody: String?, requestUri: String?) throws(ServiceError) -> IdPResponse {
    guard let requestUri, !requestUri.isEmpty else { throw ServiceError.missing("REQUEST_URI") }
    guard Self.isAbsoluteURI(requestUri) else { throw ServiceError("INVALID_REQUEST_URI") }
    var form = FormBody(postBody ?? "")
    if form["providerId"] == nil || form["id_token"] == nil,
      let query = requestUri.split(separator: "?", maxSplits: 1).dropFirst().first
    {
      form = FormBody(String(query) + "&" + (postBody ?? ""))
    }
    guard let provider = form["providerId"], !provider.isEmpty else {
      let given = postBody.map { requestUri + "?" + $0 } ?? requestUri
      throw ServiceError("INVALID_CREDENTIAL_OR_PROVIDER_ID : Invalid IdP response/credential: \(given)")
    }
    // A password, a phone number, a guest or a custom token is no identity provider: signing in "with" one
    // would make tokens claiming a sign-in that never happened (`sign_in_provider: phone` without an SMS).
    guard !Self.isAccountsOwn(provider) else { throw ServiceError("INVALID_PROVIDER_ID") }
    guard let idToken = form["id_token"] else {
      throw ServiceError("INVALID_IDP_RESPONSE : the server accepts an id_token only")
    }
    let data = idToken.hasPrefix("{") ? Data(idToken.utf8) : UnsignedJWT.payload(of: idToken)
    guard let data, var claims = try? JSONDecoder().decode(IdPClaims.self, from: data) else {
      throw ServiceError("INVALID_IDP_RESPONSE : Unable to parse id_token")
    }
    var samlAttributes: JSON?
    if let samlResponse = form["SAMLResponse"] {
      let (nameId, attributes) = try Self.samlAssertion(samlResponse)
      claims.email = nameId
      samlAttributes = attributes ?? .null
    }
    // A provider may share no email (a GitHub account with a private one, an Apple user who hides it): the
    // subject alone names the account then, as in production.
    guard claims.sub?.isEmpty == false || claims.email?.isEmpty == false else {
      throw ServiceError("INVALID_IDP_RESPONSE : the id_token has neither sub nor email")
    }
    return IdPResponse(
      provider: ProviderID(rawValue: provider.lowercased()), claims: claims, idToken: idToken,
      rawClaims: String(decoding: data, as: UTF8.self), samlAttributes: samlAttributes)
  }

  /// A SAML provider's `SAMLResponse`, in the emulator's form: JSON
  /// `{assertion: {subject: {nameId}, attributeStatements}}` (it parses no XML, nor does serve). The subject's
  /// `nameId` is the email; each missing level is `INVALID_IDP_RESPONSE`, as the emulator answers.
  static func samlAssertion(_ text: String) throws(ServiceError) -> (nameId: String, attributes: JSON?) {
    guard case .object(let response)? = try? JSONDecoder().decode(JSON.self, from: Data(text.utf8)),
      case .object(let assertion)? = response["assertion"]
    else { throw ServiceError("INVALID_IDP_RESPONSE : Missing assertion in SAMLResponse.") }
    guard case .object(let subject)? = assertion["subject"] else {
      throw ServiceError("INVALID_IDP_RESPONSE : Missing assertion.subject in SAMLResponse.")
    }
    guard case .string(let nameId)? = subject["nameId"], !nameId.isEmpty else {
      throw ServiceError("INVALID_IDP_RESPONSE : Missing assertion.subject.nameId in SAMLResponse.")
    }
    return (nameId, assertion["attributeStatements"])
  }

  func signInWithIdp(_ call: Call) throws -> JSON {
    let request = try call.decode(SignInWithIdpRequest.self)
    let idp = try idpAccount(request.postBody, requestUri: request.requestUri)
    let (provider, claims) = (idp.provider, idp.claims)
    let email = claims.email.flatMap { $0.isEmpty ? nil : $0 }
    if let idToken = request.idToken {
      let token = try self.idToken(idToken)
      let session: ServedSession
      do {
        session = try world.link(
          token, provider: provider, subject: claims.sub, email: email, name: claims.name,
          emailVerified: claims.emailVerified ?? false, photoURL: claims.picture,
          screenName: claims.screenName)
      } catch {
        // With returnIdpCredential a link the credential cannot make is a 200 that names the error and hands back
        // the credential, so the SDK can offer it (`credentialAlreadyInUse` with the updated credential); the
        // user's own problems (disabled, deleted) stay errors, as the emulator answers them.
        let refused = ServiceError(error)
        switch error {
        case .credentialAlreadyInUse, .emailAlreadyInUse, .providerAlreadyLinked:
          guard request.returnIdpCredential == true else { throw refused }
          var json = idpFields(idp)
          json["errorMessage"] = .string(refused.message)
          return .object(json)
        default: throw refused
        }
      }
      var json = sessionJSON(
        session, kind: "VerifyAssertionResponse", provider: provider.rawValue,
        signInAttributes: idp.samlAttributes)
      json.merge(idpFields(idp)) { mine, _ in mine }
      return .object(json)
    }
    do {
      let signIn = try world.signInWithIdp(
        provider: provider, subject: claims.sub, email: email, name: claims.name,
        emailVerified: claims.emailVerified ?? false, photoURL: claims.picture, screenName: claims.screenName)
      guard case .signedIn(let session) = signIn else {
        var json = idpFields(idp)
        json.merge(mfaPendingJSON(signIn, kind: "VerifyAssertionResponse")) { _, pending in pending }
        return .object(json)
      }
      var json = sessionJSON(
        session, kind: "VerifyAssertionResponse", provider: provider.rawValue,
        signInAttributes: idp.samlAttributes)
      json.merge(idpFields(idp)) { mine, _ in mine }
      json["isNewUser"] = .bool(session.isNewUser)
      json["emailVerified"] = .bool(session.account.emailVerified)
      return .object(json)
    } catch .accountExistsWithDifferentCredential {
      // The service answers 200 with `needConfirmation`, the account's id and the identity providers it can sign
      // in with (`verifiedProvider`; not the password or the phone); the client SDKs turn it into
      // `auth/account-exists-with-different-credential`.
      var json = idpFields(idp)
      json["needConfirmation"] = true
      if let existing = email.flatMap({ world.account(email: $0) }) {
        json["localId"] = .string(existing.uid)
        json["verifiedProvider"] = .array(existing.links.map { .string($0.provider.rawValue) })
      }
      return .object(json)
    } catch {
      throw ServiceError(error)
    }
  }

  /// What the service says about the IdP account: its profile, the credential the SDKs rebuild
  /// (`GoogleAuthProvider.credentialFromResult`), `rawUserInfo`, and `federatedId` in the provider's form
  /// (Google's is `https://accounts.google.com/SUB`, as production and the emulator give it).
  private func idpFields(_ idp: IdPResponse) -> [String: JSON] {
    let (provider, claims) = (idp.provider, idp.claims)
    let federatedId = claims.sub.map { provider == .google ? "https://accounts.google.com/\($0)" : $0 }
    return [
      "kind": "identitytoolkit#VerifyAssertionResponse", "providerId": .string(provider.rawValue),
      "tenantId": .optional(tenantID), "screenName": .optional(claims.screenName),
      "federatedId": .optional(federatedId), "rawId": .optional(claims.sub),
      "email": .optional(claims.email?.lowercased()),
      "displayName": .optional(claims.name), "fullName": .optional(claims.name),
      "firstName": .optional(claims.givenName), "lastName": .optional(claims.familyName),
      "photoUrl": .optional(claims.picture),
      "emailVerified": .bool(claims.emailVerified ?? false),
      "oauthIdToken": .string(idp.idToken),
      "oauthAccessToken": .string("FirebaseAuthEmulatorFakeAccessToken_\(provider.rawValue)"),
      "rawUserInfo": .string(rawUserInfo(idp)),
    ]
  }

  /// `rawUserInfo`: what the IdP said about the user. Google's is its userinfo answer (`id`, `email`,
  /// `verified_email`, the names, `picture`, `locale`, `granted_scopes`), as production and the emulator give it;
  /// a SAML provider's is its assertion's `attributeStatements`; any other provider's, the token's claims.
  private func rawUserInfo(_ idp: IdPResponse) -> String {
    if let attributes = idp.samlAttributes { return String(decoding: attributes.data, as: UTF8.self) }
    guard idp.provider == .google else { return idp.rawClaims }
    let claims = idp.claims
    let info = IdentityProviders.Account.googleUserInfo(
      subject: claims.sub, email: claims.email, emailVerified: claims.emailVerified, name: claims.name,
      givenName: claims.givenName, familyName: claims.familyName, picture: claims.picture)
    return String(decoding: JSON.object(info.mapValues(JSON.init)).data, as: UTF8.self)
  }

  /// `accounts:sendOobCode`. Checked in the emulator's order, which production's answers match: the request type,
  /// `returnOobLink` only for the Admin SDK (`INSUFFICIENT_PERMISSION`), an absolute `continueUrl`
  /// (`INVALID_CONTINUE_URI`), then what the type needs: `VERIFY_EMAIL` and `VERIFY_AND_CHANGE_EMAIL` act on the
  /// ID token's user (an account without an email: `MISSING_EMAIL`), `newEmail` first for an email change.
  func sendOobCode(_ call: Call, admin: Bool) throws -> JSON {
    let request = try call.decode(SendOobCodeRequest.self)
    let kind: MailKind
    switch request.requestType?.name {
    case "VERIFY_EMAIL": kind = .verifyEmail
    case "PASSWORD_RESET": kind = .passwordReset
    case "VERIFY_AND_CHANGE_EMAIL": kind = .verifyAndChangeEmail
    case "EMAIL_SIGNIN": kind = .signInLink
    case nil, "OOB_REQ_TYPE_UNSPECIFIED": throw ServiceError("MISSING_REQ_TYPE")
    default: throw ServiceError("INVALID_REQ_TYPE : \(request.requestType?.name ?? "")")
    }
    // Only the Admin SDK gets links back instead of emails.
    if request.returnOobLink == true, !admin { throw ServiceError("INSUFFICIENT_PERMISSION") }
    if let continueUrl = request.continueUrl, !continueUrl.isEmpty, !Self.isAbsoluteURI(continueUrl) {
      throw ServiceError("INVALID_CONTINUE_URI")
    }
    let newEmail = request.newEmail.flatMap { $0.isEmpty ? nil : $0 }
    if kind == .verifyAndChangeEmail, newEmail == nil { throw ServiceError.missing("NEW_EMAIL") }
    let idToken = request.idToken.flatMap { $0.isEmpty ? nil : $0 }
    let continueURL = request.continueUrl.flatMap { $0.isEmpty ? nil : $0 }
    if request.returnOobLink == true {
      return try oobLink(call, kind, request, idToken: idToken, newEmail: newEmail, continueURL: continueURL)
    }
    let email: String
    switch kind {
    case .verifyEmail:
      let token = try self.idToken(idToken)
      _ = try accountEmail(token)
      email = try backend { () throws(AuthErrorCode) in
        try world.sendVerification(token, continueURL: continueURL)
      }
    case .verifyAndChangeEmail:
      guard idToken != nil else { throw ServiceError.missing("ID_TOKEN") }
      let token = try self.idToken(idToken)
      email = try accountEmail(token)
      try backend { () throws(AuthErrorCode) in
        _ = try world.sendEmailChange(token, to: newEmail ?? "", continueURL: continueURL)
      }
    case .signInLink:
      guard let address = request.email, !address.isEmpty else { throw ServiceError.missing("EMAIL") }
      try backend { () throws(AuthErrorCode) in
        try world.sendSignInLink(email: address, continueURL: continueURL)
      }
      email = address.lowercased()
    case .passwordReset, .recoverEmail:
      guard let address = request.email, !address.isEmpty else { throw ServiceError.missing("EMAIL") }
      try backend { () throws(AuthErrorCode) in
        try world.sendPasswordReset(email: address, continueURL: continueURL)
      }
      email = address.lowercased()
    }
    return ["kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email)]
  }

  /// The Admin SDK's `generate…Link` (`returnOobLink`): the code and link come back and nothing is emailed. A
  /// verification or email change names its account by `idToken` when the call has one, else by `email`. A
  /// password reset for an address no account has is `EMAIL_NOT_FOUND`, as production names it there (a
  /// verification's is `USER_NOT_FOUND`); under enumeration protection it is a 200 without a code, as production
  /// and the emulator answer.
  private func oobLink(
    _ call: Call, _ kind: MailKind, _ request: SendOobCodeRequest, idToken: String?, newEmail: String?,
    continueURL: String?
  ) throws -> JSON {
    let email: String
    if let idToken, kind == .verifyEmail || kind == .verifyAndChangeEmail {
      email = try accountEmail(try self.idToken(idToken))
    } else {
      guard let address = request.email, !address.isEmpty else { throw ServiceError.missing("EMAIL") }
      email = address
    }
    let code: String?
    do {
      code = try world.actionCode(kind, email: email, newEmail: newEmail, continueURL: continueURL)
    } catch .userNotFound where kind == .passwordReset {
      throw ServiceError("EMAIL_NOT_FOUND")
    } catch {
      throw ServiceError(error, context: .admin, passwordMinLength: world.settings.passwordMinLength)
    }
    var json: [String: JSON] = [
      "kind": "identitytoolkit#GetOobConfirmationCodeResponse", "email": .string(email.lowercased()),
    ]
    if let code {
      json["oobCode"] = .string(code)
      json["oobLink"] = .string(actionLink(call, kind, code))
    }
    return .object(json)
  }

  /// The email of the ID token's user; a user without one (a guest, a phone account) is `MISSING_EMAIL`.
  private func accountEmail(_ token: IDToken) throws(ServiceError) -> String {
    let account = try backend { () throws(AuthErrorCode) in try world.authorize(token) }
    guard let email = account.email else { throw ServiceError.missing("EMAIL") }
    return email
  }

  /// An absolute URI with a scheme and a host, what `continueUrl` and `continueUri` must be.
  static func isAbsoluteURI(_ text: String) -> Bool {
    guard let parsed = URLComponents(string: text), parsed.scheme != nil, parsed.host?.isEmpty == false else {
      return false
    }
    return true
  }

  /// The link an email shows, pointing at this server's action handler as the emulator's links do.
  func actionLink(_ call: Call, _ kind: MailKind, _ code: String) -> String {
    let tenant = tenantID.map { "&tenantId=\($0)" } ?? ""
    // The `continueUrl` the code was sent with, encoded as a query value (all but RFC 3986's unreserved characters).
    let next = world.continueURL(ofCode: code).map { "&continueUrl=" + Outbox.Email.queryValue($0) }
    return
      "http://\(call.host)/emulator/action?mode=\(kind.mode)&lang=en&oobCode=\(code)&apiKey=fake-api-key"
      + (next ?? "") + tenant
  }

  func update(_ call: Call, admin: Bool) throws -> JSON {
    let request = try call.decode(UpdateRequest.self)
    // Custom claims are the Admin SDK's to set (the REST reference: `customAttributes` "requires a Google OAuth
    // 2.0 credential"); a client asking is refused before anything is read, as the emulator does.
    if request.customAttributes != nil, !admin, request.idToken != nil || request.oobCode != nil {
      throw ServiceError("INSUFFICIENT_PERMISSION")
    }
    if let code = request.oobCode {
      let (kind, account) = try backend { () throws(AuthErrorCode) in try world.applyActionCode(code) }
      var json: [String: JSON] = [
        "kind": "identitytoolkit#SetAccountInfoResponse", "localId": .string(account.uid),
        "email": .optional(account.email), "emailVerified": .bool(account.emailVerified),
      ]
      if kind == .verifyAndChangeEmail { json["newEmail"] = .optional(account.email) }
      return .object(json)
    }
    if let idToken = request.idToken { return try clientUpdate(request, idToken, admin: admin) }
    // A `localId` in the body acts on that account only for the Admin SDK; a client must send its ID token.
    guard admin else { throw ServiceError.missing("ID_TOKEN") }
    guard let uid = request.localId else { throw ServiceError.missing("LOCAL_ID") }
    let link = try request.linkProviderUserInfo.map(Self.adminLink)
    let deleteName = request.deleteAttribute?.contains("DISPLAY_NAME") == true
    let deletePhoto = request.deleteAttribute?.contains("PHOTO_URL") == true
    let changes = AdminAccountChanges(
      email: request.email, password: request.password, emailVerified: request.emailVerified,
      displayName: deleteName ? .some(nil) : request.displayName.map { .some($0) },
      disabled: request.disableUser,
      revokeSessions: request.validSince != nil, unlink: (request.deleteProvider ?? []).map(ProviderID.init),
      claims: try request.customAttributes.map(CustomClaims.parse),
      // An empty number is proto3's default, which the service reads as "not set", as the emulator does.
      phoneNumber: request.phoneNumber.flatMap { $0.isEmpty ? nil : .some($0) },
      photoURL: deletePhoto ? .some(nil) : request.photoUrl.map { .some($0) }, link: link)
    let factors = try request.mfa.map { try adminFactors($0.enrollments ?? []) }
    var account = try backend(.admin) { () throws(AuthErrorCode) in try world.updateAccount(uid: uid, changes)
    }
    if let factors {
      account = try backend(.admin) { () throws(AuthErrorCode) in
        try world.setSecondFactors(uid: uid, factors)
      }
    }
    // The account as it now is, as the service answers an update.
    var json: [String: JSON] = [
      "kind": "identitytoolkit#SetAccountInfoResponse", "localId": .string(account.uid),
      "email": .optional(account.email), "displayName": .optional(account.displayName),
      "photoUrl": .optional(account.photoURL), "emailVerified": .bool(account.emailVerified),
    ]
    if case .object(let user) = userJSON(account) { json["providerUserInfo"] = user["providerUserInfo"] }
    return .object(json)
  }

  /// Whether `provider` names a way of signing in that is the account's own (a password, a phone number, a
  /// guest, a custom token, an email link), not an identity provider's account.
  static func isAccountsOwn(_ provider: String) -> Bool {
    let own: [ProviderID] = [.password, .phone, .anonymous, .custom, .emailLink]
    let id = provider.lowercased()
    return own.contains { $0.rawValue.lowercased() == id } || id == "email"
  }

  /// `linkProviderUserInfo` as the link it describes. `providerId` and `rawId` are required, in that order
  /// (`MISSING_PROVIDER_ID`, `MISSING_RAW_ID`, as the emulator checks them); the provider must be an identity
  /// provider: the password, a phone number and a guest are the account's own fields, which the Admin SDKs set
  /// with `email` and `phoneNumber` (they rewrite a `providerToLink` of `email` or `phone` so), so naming one
  /// here is `INVALID_PROVIDER_ID`, a modelling choice (the emulator writes such an entry as it is). The entry is
  /// kept as given: no `federatedId` unless the call names one, the email lowercased.
  static func adminLink(_ info: ProviderUserInfoBody) throws(ServiceError) -> LinkedAccount {
    guard let provider = info.providerId.flatMap({ $0.isEmpty ? nil : $0.lowercased() }) else {
      throw ServiceError.missing("PROVIDER_ID")
    }
    guard let subject = info.rawId, !subject.isEmpty else { throw ServiceError.missing("RAW_ID") }
    guard !isAccountsOwn(provider) else { throw ServiceError("INVALID_PROVIDER_ID") }
    let nonEmpty: (String?) -> String? = { $0.flatMap { $0.isEmpty ? nil : $0 } }
    return LinkedAccount(
      provider: ProviderID(rawValue: provider), subject: subject, email: nonEmpty(info.email)?.lowercased(),
      displayName: nonEmpty(info.displayName), photoURL: nonEmpty(info.photoUrl),
      federatedID: .some(nonEmpty(info.federatedId)))
  }

  private func clientUpdate(_ request: UpdateRequest, _ idToken: String, admin: Bool) throws -> JSON {
    // An email change starts a new session; a password set in the same call is set through it.
    var token = try self.idToken(idToken)
    var account = try backend { () throws(AuthErrorCode) in try world.authorize(token) }
    // Linking an identity provider as described, with no credential to prove it, is for OAuth 2 callers only
    // (the REST reference: the field "requires a Google OAuth 2.0 credential"); the ID token is checked first, so
    // a disabled user hears `USER_DISABLED`, as the emulator answers.
    let link = try request.linkProviderUserInfo.map { (info) throws(ServiceError) -> LinkedAccount in
      guard admin else { throw ServiceError("INSUFFICIENT_PERMISSION") }
      return try Self.adminLink(info)
    }
    var json: [String: JSON] = ["kind": "identitytoolkit#SetAccountInfoResponse"]
    let deleted = Set(request.deleteAttribute ?? [])
    let name: String?? =
      deleted.contains("DISPLAY_NAME") ? .some(nil) : request.displayName.map { .some($0) }
    let photo: String?? = deleted.contains("PHOTO_URL") ? .some(nil) : request.photoUrl.map { .some($0) }
    if name != nil || photo != nil {
      account = try backend { () throws(AuthErrorCode) in
        try world.updateProfile(token, displayName: name, photoURL: photo)
      }
    }
    if let providers = request.deleteProvider, !providers.isEmpty {
      account = try backend { () throws(AuthErrorCode) in
        try world.unlink(token, providers: providers.map(ProviderID.init))
      }
    }
    if let link {
      let uid = account.uid
      account = try backend { () throws(AuthErrorCode) in
        try world.updateAccount(uid: uid, AdminAccountChanges(link: link))
      }
    }
    if let email = request.email, email.lowercased() != account.email {
      let current = token
      let session: ServedSession
      do {
        session = try world.updateEmail(current, to: email)
      } catch .operationNotAllowed {
        // Enumeration protection: production says why, and the JS SDK shows the part after the colon.
        throw ServiceError("OPERATION_NOT_ALLOWED : Please verify the new email before changing email.")
      } catch {
        throw ServiceError(error, passwordMinLength: world.settings.passwordMinLength)
      }
      // A new email alone keeps the session's sign-in method (a guest stays `anonymous`); a password makes it
      // `password`.
      let method = current.signInProvider?.rawValue ?? "password"
      json.merge(sessionJSON(session, kind: "SetAccountInfoResponse", provider: method)) { _, new in new }
      account = session.account
      token = session.tokens.idToken
    }
    if let password = request.password {
      let current = token
      let session = try backend { () throws(AuthErrorCode) in try world.changePassword(current, to: password)
      }
      json.merge(sessionJSON(session, kind: "SetAccountInfoResponse", provider: "password")) { _, new in new }
      account = session.account
      token = session.tokens.idToken
    }
    if request.validSince != nil {
      // A client's `validSince` revokes every session, whatever time it names, and answers new tokens, as the
      // emulator and production's `setAccountInfo` do.
      let current = token
      let session = try backend { () throws(AuthErrorCode) in try world.revokeSessions(current) }
      let method = current.signInProvider?.rawValue ?? "password"
      json.merge(sessionJSON(session, kind: "SetAccountInfoResponse", provider: method)) { _, new in new }
      account = session.account
    }
    json["localId"] = .string(account.uid)
    json["email"] = .optional(account.email)
    json["displayName"] = .optional(account.displayName)
    json["photoUrl"] = .optional(account.photoURL)
    json["emailVerified"] = .bool(account.emailVerified)
    if case .object(let user) = userJSON(account) { json["providerUserInfo"] = user["providerUserInfo"] }
    return .object(json)
  }

  /// The Admin SDK's phone factors, checked before anything changes: each needs an E.164 `phoneInfo`
  /// (`INVALID_MFA_PHONE_NUMBER : Invalid format.`, as the emulator answers; the Admin SDK cannot enroll TOTP).
  private func adminFactors(_ inputs: [MFAFactorInput]) throws(ServiceError) -> [AdminSecondFactor] {
    var factors: [AdminSecondFactor] = []
    for input in inputs {
      guard let number = input.phoneInfo, PhoneNumber.isValid(number) else {
        throw ServiceError("INVALID_MFA_PHONE_NUMBER : Invalid format.")
      }
      // One enrolment id names one factor: the same id for another number is refused, as the emulator does.
      if let id = input.mfaEnrollmentId, !id.isEmpty,
        factors.contains(where: { $0.enrollmentID == id && $0.phoneNumber != number })
      {
        throw ServiceError("DUPLICATE_MFA_ENROLLMENT_ID")
      }
      factors.append(
        AdminSecondFactor(
          enrollmentID: input.mfaEnrollmentId.flatMap { $0.isEmpty ? nil : $0 }, phoneNumber: number,
          displayName: input.displayName, enrolledAt: input.enrolledAt.flatMap(VirtualTime.init(parsing:))))
    }
    return factors
  }

  func delete(_ call: Call, admin: Bool) throws -> JSON {
    let request = try call.decode(DeleteRequest.self)
    // With the owner credential the account is named by uid, never by an ID token (`MISSING_LOCAL_ID`).
    if let idToken = request.idToken, !call.hasOwnerCredential {
      let token = try self.idToken(idToken)
      try backend { () throws(AuthErrorCode) in try world.delete(token) }
    } else {
      guard admin else { throw ServiceError.missing("ID_TOKEN") }
      guard let uid = request.localId else { throw ServiceError.missing("LOCAL_ID") }
      try backend(.admin) { () throws(AuthErrorCode) in try world.deleteAccount(uid: uid) }
    }
    return ["kind": "identitytoolkit#DeleteAccountResponse"]
  }

  func adminCreate(_ call: Call) throws -> JSON {
    let request = try call.decode(AdminCreateRequest.self)
    let changes = AdminAccountChanges(
      uid: request.localId, email: request.email, password: request.password,
      emailVerified: request.emailVerified,
      displayName: request.displayName.map { .some($0) }, disabled: request.disabled,
      phoneNumber: request.phoneNumber.flatMap { $0.isEmpty ? nil : .some($0) },
      photoURL: request.photoUrl.map { .some($0) })
    let factors = try adminFactors(request.mfaInfo ?? [])
    var account = try backend(.admin) { () throws(AuthErrorCode) in try world.createAccount(changes) }
    if !factors.isEmpty {
      let uid = account.uid
      account = try backend(.admin) { () throws(AuthErrorCode) in
        try world.setSecondFactors(uid: uid, factors)
      }
    }
    return [
      "kind": "identitytoolkit#SignupNewUserResponse", "localId": .string(account.uid),
      "email": .optional(account.email), "displayName": .optional(account.displayName),
    ]
  }
}
