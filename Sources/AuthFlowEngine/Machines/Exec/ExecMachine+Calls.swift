import AuthFlowLanguage

extension ExecMachine {
  /// The methods an adapter may call, mirroring ``AuthClient`` (and ``MachineContext`` for `random` and `log`).
  static let methods = [
    "signUp", "signIn", "signInAnonymously", "linkPassword", "signInWithProvider",
    "reauthenticateWithPassword", "reauthenticateWithProvider",
    "linkProvider", "signInWithRefusedLink", "linkPendingCredential", "reload", "sendEmailVerification",
    "sendPasswordReset",
    "fetchSignInMethods", "updatePassword", "sendEmailChange", "updateEmail", "updateDisplayName", "delete",
    "signOut", "currentUser",
    "pendingCredential", "random", "log",
    "signInWithCustomToken", "sendSignInLink", "signInWithEmailLink", "linkEmailLink", "unlink",
    "updateProfile",
    "getIDToken", "idTokenClaims", "storeValue", "storedValue",
    "verifyPhoneNumber", "signInWithPhone", "linkPhone", "reauthenticateWithPhone", "smsCode",
    "startPhoneEnrollment", "finishPhoneEnrollment", "startTOTPEnrollment", "finishTOTPEnrollment",
    "unenrollMFA",
    "pendingMultiFactor", "startSecondFactor", "resolveSecondFactor", "authenticatorCode",
  ]

  /// Runs one call on the device's client. The client's error codes are results; a call the harness cannot
  /// make (an unknown method, missing arguments) is the adapter's fault.
  func answer(_ method: String, _ args: WireValue) throws(AdapterProblem) -> Result<WireValue, AuthErrorCode>
  {
    let arguments = Arguments(method: method, values: args)
    let client = context.client
    switch method {
    case "signUp":
      let (email, password) = (try arguments.string("email"), try arguments.string("password"))
      return run { () throws(AuthErrorCode) in wire(try client.signUp(email: email, password: password)) }
    case "signIn":
      let (email, password) = (try arguments.string("email"), try arguments.string("password"))
      return run { () throws(AuthErrorCode) in wire(try client.signIn(email: email, password: password)) }
    case "signInAnonymously":
      return run { () throws(AuthErrorCode) in wire(try client.signInAnonymously()) }
    case "linkPassword":
      let (email, password) = (try arguments.string("email"), try arguments.string("password"))
      return run { () throws(AuthErrorCode) in wire(try client.linkPassword(email: email, password: password))
      }
    case "signInWithProvider":
      let sheet = try arguments.sheet()
      return run { () throws(AuthErrorCode) in wire(try client.signIn(with: sheet)) }
    case "reauthenticateWithPassword":
      let password = try arguments.string("password")
      return run { () throws(AuthErrorCode) in
        try client.reauthenticate(password: password)
        return .null
      }
    case "reauthenticateWithProvider":
      let sheet = try arguments.sheet()
      return run { () throws(AuthErrorCode) in
        try client.reauthenticate(with: sheet)
        return .null
      }
    case "linkProvider":
      let sheet = try arguments.sheet()
      return run { () throws(AuthErrorCode) in
        let idp = try client.present(sheet)
        do throws(AuthErrorCode) {
          return wire(try client.link(idp))
        } catch {
          if error == .credentialAlreadyInUse { refusedLink = .identityProvider(idp) }
          throw error
        }
      }
    case "signInWithRefusedLink":
      guard let refused = refusedLink else {
        throw .badArguments(
          method: method,
          problem: "no linkProvider or linkPhone call was refused with credential-already-in-use")
      }
      refusedLink = nil
      return run { () throws(AuthErrorCode) in
        switch refused {
        case .identityProvider(let idp): wire(try client.signIn(idp, keepingPendingCredential: false).user)
        case .phone(let number, let proof):
          wire(try client.signIn(phoneNumber: number, temporaryProof: proof).user)
        }
      }
    case "linkPendingCredential":
      return run { () throws(AuthErrorCode) in try client.linkPendingCredential().map(wire) ?? .null }
    case "reload":
      return run { () throws(AuthErrorCode) in wire(try client.reload()) }
    case "sendEmailVerification":
      return run { () throws(AuthErrorCode) in
        try client.sendEmailVerification()
        return .null
      }
    case "sendPasswordReset":
      let email = try arguments.string("email")
      return run { () throws(AuthErrorCode) in
        try client.sendPasswordReset(email: email)
        return .null
      }
    case "fetchSignInMethods":
      let email = try arguments.string("email")
      return run { () throws(AuthErrorCode) in
        .array(try client.fetchSignInMethods(email: email).map { .string($0.rawValue) })
      }
    case "updatePassword":
      let password = try arguments.string("password")
      return run { () throws(AuthErrorCode) in
        try client.updatePassword(password)
        return .null
      }
    case "sendEmailChange":
      let email = try arguments.string("email")
      return run { () throws(AuthErrorCode) in
        try client.sendEmailChange(to: email)
        return .null
      }
    case "updateEmail":
      let email = try arguments.string("email")
      return run { () throws(AuthErrorCode) in wire(try client.updateEmail(to: email)) }
    case "updateDisplayName":
      let name = try arguments.optionalString("name")
      return run { () throws(AuthErrorCode) in
        try client.updateDisplayName(name)
        return .null
      }
    case "delete":
      return run { () throws(AuthErrorCode) in
        try client.delete()
        return .null
      }
    case "signOut":
      client.signOut()
      return .success(.null)
    case "currentUser":
      return .success(client.currentUser.map(wire) ?? .null)
    case "pendingCredential":
      return .success(
        client.pendingCredential.map {
          .object(["provider": .string($0.provider.rawValue), "email": .string($0.email)])
        } ?? .null)
    case "signInWithCustomToken":
      let uid = try arguments.string("uid")
      let claims = try arguments.claims("claims")
      return run { () throws(AuthErrorCode) in
        wire(try client.signIn(customTokenFor: uid, claims: claims).user)
      }
    case "sendSignInLink":
      let email = try arguments.string("email")
      return run { () throws(AuthErrorCode) in
        try client.sendSignInLink(email: email)
        return .null
      }
    case "signInWithEmailLink":
      let (email, code) = (try arguments.string("email"), try arguments.linkCode("link"))
      return run { () throws(AuthErrorCode) in
        guard let code else { throw .invalidActionCode }
        let (user, isNewUser) = try client.signIn(email: email, linkCode: code)
        return .object(["user": wire(user), "is_new_user": .bool(isNewUser)])
      }
    case "linkEmailLink":
      let (email, code) = (try arguments.string("email"), try arguments.linkCode("link"))
      return run { () throws(AuthErrorCode) in
        guard let code else { throw .invalidActionCode }
        return wire(try client.linkEmailLink(email: email, linkCode: code))
      }
    case "unlink":
      let provider = try arguments.string("provider")
      return run { () throws(AuthErrorCode) in wire(try client.unlink(ProviderID(rawValue: provider))) }
    case "updateProfile":
      let (name, photo) = (try arguments.change("display_name"), try arguments.change("photo_url"))
      return run { () throws(AuthErrorCode) in
        try client.updateProfile(displayName: name, photoURL: photo)
        return .null
      }
    case "getIDToken":
      let force = try arguments.bool("force_refresh") ?? false
      return run { () throws(AuthErrorCode) in
        _ = try client.idToken(forcingRefresh: force)
        return .null
      }
    case "idTokenClaims":
      return .success(HarnessMessage.wire(client.idTokenClaims))
    case "storeValue":
      let (key, value) = (try arguments.string("key"), try arguments.optionalString("value"))
      context.store(value, for: key)
      return .success(.null)
    case "storedValue":
      return .success(.optional(context.stored(try arguments.string("key"))))
    case "verifyPhoneNumber":
      let number = try arguments.string("number")
      return run { () throws(AuthErrorCode) in .string(try client.verifyPhoneNumber(number)) }
    case "signInWithPhone":
      let (id, code) = (try arguments.string("verification_id"), try arguments.optionalString("code"))
      return run { () throws(AuthErrorCode) in
        let (user, isNewUser) = try client.signIn(verificationID: id, code: code)
        return .object(["user": wire(user), "is_new_user": .bool(isNewUser)])
      }
    case "reauthenticateWithPhone":
      let (id, code) = (try arguments.string("verification_id"), try arguments.optionalString("code"))
      return run { () throws(AuthErrorCode) in
        try client.reauthenticatePhone(verificationID: id, code: code)
        return .null
      }
    case "linkPhone":
      let (id, code) = (try arguments.string("verification_id"), try arguments.optionalString("code"))
      return run { () throws(AuthErrorCode) in
        do throws(AuthErrorCode) {
          return wire(try client.linkPhone(verificationID: id, code: code))
        } catch {
          // The refusal carries a proof of the number (the SDK's updated credential).
          if error == .credentialAlreadyInUse,
            let (number, proof) = client.phoneTemporaryProof(verificationID: id)
          {
            refusedLink = .phone(number: number, proof: proof)
          }
          throw error
        }
      }
    case "smsCode":
      // By the verification: what an app that knows only the id reads, as at a multi-factor sign-in, whose hint
      // shows the number masked.
      if let id = try arguments.optionalString("verification_id") {
        return .success(.optional(context.smsCode(forVerificationID: id)))
      }
      return .success(.optional(context.smsCode(for: try arguments.string("number"))))
    case "startPhoneEnrollment":
      let number = try arguments.string("number")
      return run { () throws(AuthErrorCode) in .string(try client.startPhoneEnrollment(number)) }
    case "finishPhoneEnrollment":
      let (id, code) = (try arguments.string("verification_id"), try arguments.optionalString("code"))
      return run { () throws(AuthErrorCode) in
        wire(try client.finishPhoneEnrollment(verificationID: id, code: code))
      }
    case "startTOTPEnrollment":
      // The secret stays in the harness (it is what the user's authenticator holds): the adapter gets the
      // session, and `authenticatorCode {session_id}` gives the code the authenticator shows.
      return run { () throws(AuthErrorCode) in .string(try client.startTOTPEnrollment().sessionID) }
    case "finishTOTPEnrollment":
      let (id, code) = (try arguments.string("session_id"), try arguments.optionalString("code"))
      return run { () throws(AuthErrorCode) in
        wire(try client.finishTOTPEnrollment(sessionID: id, code: code))
      }
    case "unenrollMFA":
      let name = try arguments.string("factor")
      guard let kind = SecondFactor.Kind(rawValue: name) else {
        throw .badArguments(method: method, problem: "'factor' is '\(name)', not phone or totp")
      }
      return run { () throws(AuthErrorCode) in wire(try client.unenroll(kind)) }
    case "pendingMultiFactor":
      return .success(
        client.pendingMultiFactor.map { .object(["factors": .array($0.factors.map(wire))]) } ?? .null)
    case "startSecondFactor":
      let factor = try pendingFactor(try arguments.string("factor_id"), method: method)
      return run { () throws(AuthErrorCode) in .string(try client.startSecondFactor(factor)) }
    case "resolveSecondFactor":
      let factor = try pendingFactor(try arguments.string("factor_id"), method: method)
      let (id, code) = (try arguments.optionalString("verification_id"), try arguments.optionalString("code"))
      return run { () throws(AuthErrorCode) in
        wire(try client.resolveSecondFactor(factor, verificationID: id, code: code))
      }
    case "authenticatorCode":
      if let session = try arguments.optionalString("session_id") {
        return .success(.optional(context.world.backend.authenticatorCode(enrollmentSession: session)))
      }
      return .success(.optional(context.authenticatorCode(factor: try arguments.string("factor_id"))))
    case "random":
      return .success(.integer(context.random()))
    case "log":
      let text = try arguments.string("text")
      logsLeft -= 1
      guard logsLeft >= 0 else { throw .tooManyLogLines(limit: Self.logLimit) }
      context.log(context.world.redactor.scrub(Self.cut(text)))
      return .success(.null)
    default:
      throw .unknownMethod(name: method, suggestion: Suggestion.didYouMean(method, in: Self.methods))
    }
  }

  /// `text` up to ``logLineLimit`` bytes (cut at a character), then how much was left out.
  static func cut(_ text: String) -> String {
    guard text.utf8.count > logLineLimit else { return text }
    var kept = Substring(text).prefix(logLineLimit)
    while kept.utf8.count > logLineLimit { kept.removeLast() }
    return "\(kept)… (\(text.utf8.count - kept.utf8.count) more bytes)"
  }

  private func run(_ body: () throws(AuthErrorCode) -> WireValue) -> Result<WireValue, AuthErrorCode> {
    do throws(AuthErrorCode) {
      return .success(try body())
    } catch {
      return .failure(error)
    }
  }

  private func wire(_ user: CachedUser) -> WireValue { HarnessMessage.wire(user) }
  private func wire(_ factor: MFAEnrollment) -> WireValue { HarnessMessage.wire(factor) }
}

extension ExecMachine {
  /// The factor of the pending second-factor challenge with this id.
  fileprivate func pendingFactor(_ id: String, method: String) throws(AdapterProblem) -> MFAEnrollment {
    guard let factor = context.client.pendingMultiFactor?.factors.first(where: { $0.id == id }) else {
      throw .badArguments(method: method, problem: "no pending second factor '\(id)'")
    }
    return factor
  }
}

/// A call's `args`, read with messages that name the method and the argument.
private struct Arguments {
  var method: String
  var values: WireValue

  func string(_ key: String) throws(AdapterProblem) -> String {
    guard let text = values[key]?.text else { throw problem("no string '\(key)'") }
    return text
  }

  func optionalString(_ key: String) throws(AdapterProblem) -> String? {
    guard let value = values[key], !value.isNull else { return nil }
    guard let text = value.text else { throw problem("'\(key)' is \(value.typeName), not a string or null") }
    return text
  }

  /// A field that may be left out (unchanged), null (cleared) or a string (set): `updateProfile`'s fields.
  func change(_ key: String) throws(AdapterProblem) -> String?? {
    guard values[key] != nil else { return nil }
    return .some(try optionalString(key))
  }

  func bool(_ key: String) throws(AdapterProblem) -> Bool? {
    guard let value = values[key], !value.isNull else { return nil }
    guard case .bool(let flag) = value else {
      throw problem("'\(key)' is \(value.typeName), not true or false")
    }
    return flag
  }

  /// The `oobCode` of the link in `key`; nil when the link has none (the call then fails as the SDK's does).
  func linkCode(_ key: String) throws(AdapterProblem) -> String? {
    let link = try string(key)
    guard let query = link.split(separator: "?", maxSplits: 1).last, link.contains("?") else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == "oobCode" { return String(parts[1]) }
    }
    return nil
  }

  /// Custom claims: strings, whole numbers and booleans (`{}` when left out), as scenarios write them.
  func claims(_ key: String) throws(AdapterProblem) -> [String: ClaimValue] {
    guard let value = values[key], !value.isNull else { return [:] }
    guard case .object(let members) = value else {
      throw problem("'\(key)' is \(value.typeName), not an object")
    }
    var claims: [String: ClaimValue] = [:]
    for member in members { claims[member.key] = try claim(member.key, member.value) }
    return claims
  }

  /// One claim: a string, whole number or boolean, or a list or object of claims.
  private func claim(_ name: String, _ value: WireValue) throws(AdapterProblem) -> ClaimValue {
    switch value {
    case .string(let text): return .string(text)
    case .bool(let flag): return .bool(flag)
    case .number(let text):
      guard let number = Int(text) else { throw problem("claim '\(name)' is \(text), not a whole number") }
      return .integer(number)
    case .array(let items):
      var list: [ClaimValue] = []
      for item in items { list.append(try claim(name, item)) }
      return .list(list)
    case .object(let members):
      var nested: [String: ClaimValue] = [:]
      for member in members { nested[member.key] = try claim(name + "." + member.key, member.value) }
      return .object(nested)
    default:
      throw problem(
        "claim '\(name)' is \(value.typeName), not a string, whole number, boolean, list or object")
    }
  }

  /// `{provider, account?, outcome?, error?}`, as actions carry it.
  func sheet() throws(AdapterProblem) -> ProviderSheet {
    let known = ProviderID.identityProviders.map(\.rawValue)
    let name = try string("provider")
    guard known.contains(name) else {
      throw problem(
        "'provider' '\(name)' is not an identity provider\(Suggestion.didYouMean(name, in: known)); "
          + "known: \(known.joined(separator: ", "))")
    }
    var sheet = ProviderSheet(provider: ProviderID(rawValue: name), account: try optionalString("account"))
    switch try optionalString("outcome") ?? "success" {
    case "success": sheet.outcome = .success
    case "cancel": sheet.outcome = .cancel
    case "error":
      let code = try optionalString("error").map { $0.hasPrefix("auth/") ? String($0.dropFirst(5)) : $0 }
      sheet.outcome = .error(code.map(AuthErrorCode.init(rawValue:)) ?? .invalidCredential)
    case let other: throw problem("'outcome' '\(other)' is not success, cancel or error")
    }
    return sheet
  }

  private func problem(_ text: String) -> AdapterProblem { .badArguments(method: method, problem: text) }
}
