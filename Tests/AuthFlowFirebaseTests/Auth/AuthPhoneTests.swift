import AuthFlowFirebase
import Foundation
import Testing

/// Phone sign-in through the SDK's API: verify a number, read the SMS, sign in, link, re-authenticate, update.
@Suite struct AuthPhoneTests {
  private let number = "+15555550100"
  private let otherNumber = "+15555550101"

  /// Sends a code to `number` from `auth`'s device and returns the credential with the code the SMS carried.
  private func verifiedCredential(_ world: FirebaseWorld, _ auth: Auth, _ number: String) async throws
    -> PhoneAuthCredential
  {
    let provider = PhoneAuthProvider.provider(auth: auth)
    let verificationID = try await provider.verifyPhoneNumber(number, uiDelegate: nil)
    let sms = try #require(world.newestSMS(to: number))
    #expect(sms.verificationID == verificationID)
    return provider.credential(withVerificationID: verificationID, verificationCode: sms.code)
  }

  /// A world where `pat@example.com` (password `Str0ng-pass`) has `number`.
  private func worldWithPat(_ number: String) -> FirebaseWorld {
    var pat = FirebaseWorld.AccountSeed(email: "pat@example.com", password: "Str0ng-pass")
    pat.phoneNumber = number
    return FirebaseWorld(accounts: [pat])
  }

  @Test func aNumberIsNoWayIntoAnAccountWithSecondFactors() async throws {
    var pat = FirebaseWorld.AccountSeed(
      email: "pat@example.com", password: "Str0ng-pass", emailVerified: true)
    pat.phoneNumber = number
    pat.mfa = [FirebaseWorld.SecondFactor(.totp)]
    let world = FirebaseWorld(accounts: [pat])
    let auth = world.auth(for: "phone")
    let error = await thrownError {
      _ = try await PhoneAuthProvider.provider(auth: auth).verifyPhoneNumber(number, uiDelegate: nil)
    }
    #expect(error?.code == AuthErrorCode.unsupportedFirstFactor.rawValue)
    #expect(world.newestSMS(to: number) == nil)
  }

  @Test func aNumberMakesAPhoneUserAndSignsItInAgain() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let result = try await auth.signIn(with: try await verifiedCredential(world, auth, number))
    #expect(result.additionalUserInfo?.providerID == "phone")
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(result.additionalUserInfo?.profile == nil)
    let user = result.user
    #expect(user.phoneNumber == number && user.email == nil && !user.isAnonymous)
    let entry = try #require(user.providerData.first)
    #expect(user.providerData.count == 1)
    #expect(entry.providerID == PhoneAuthProvider.id && entry.uid == number && entry.phoneNumber == number)
    #expect(entry.email == nil && entry.displayName == nil)
    // A phone user's token carries the number, as a claim and as an identity.
    let claims = try await user.getIDTokenResult().claims
    #expect(claims["phone_number"] as? String == number && claims["email"] == nil)
    let identities = (claims["firebase"] as? [String: Any])?["identities"] as? [String: Any]
    #expect(identities?["phone"] as? [String] == [number])
    try auth.signOut()

    let again = try await auth.signIn(with: try await verifiedCredential(world, auth, number))
    #expect(again.additionalUserInfo?.isNewUser == false)
    #expect(again.user.uid == user.uid)
    #expect(world.textMessages.count == 2)
  }

  @Test func aWrongCodeCanBeFollowedByTheRightOneOnce() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let provider = PhoneAuthProvider.provider(auth: auth)
    let verificationID = try await provider.verifyPhoneNumber(
      number, uiDelegate: nil, multiFactorSession: nil)
    let code = try #require(world.newestSMS(to: number)).code
    let wrongCode = code == "000000" ? "111111" : "000000"
    let wrong = await thrownError {
      try await auth.signIn(
        with: provider.credential(withVerificationID: verificationID, verificationCode: wrongCode))
    }
    #expect(wrong?.domain == AuthErrors.domain)
    #expect(wrong?.code == AuthErrorCode.invalidVerificationCode.rawValue)
    #expect(wrong?.userInfo[AuthErrors.userInfoNameKey] as? String == "ERROR_INVALID_VERIFICATION_CODE")
    #expect(wrong.map { FirebaseWorld.worldCode(for: $0) } == .invalidVerificationCode)
    #expect(auth.currentUser == nil)

    let right = provider.credential(withVerificationID: verificationID, verificationCode: code)
    _ = try await auth.signIn(with: right)
    #expect(auth.currentUser?.phoneNumber == number)
    try auth.signOut()
    let reused = await thrownError { try await auth.signIn(with: right) }
    #expect(reused?.code == AuthErrorCode.invalidVerificationID.rawValue)
    #expect(reused?.userInfo[AuthErrors.userInfoNameKey] as? String == "ERROR_INVALID_VERIFICATION_ID")
  }

  @Test func aCodeExpiresAsTheClockAdvances() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let credential = try await verifiedCredential(world, auth, number)
    world.advance(by: .minutes(6))
    let expired = await thrownError { try await auth.signIn(with: credential) }
    #expect(expired?.code == AuthErrorCode.sessionExpired.rawValue)
    #expect(expired.map { FirebaseWorld.worldCode(for: $0) } == .sessionExpired)
    _ = try await auth.signIn(with: try await verifiedCredential(world, auth, number))
  }

  @Test func malformedInputFailsAsTheSDKReportsIt() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let provider = PhoneAuthProvider.provider(auth: auth)
    let invalid = await thrownError { _ = try await provider.verifyPhoneNumber("555-0100") }
    #expect(invalid?.code == AuthErrorCode.invalidPhoneNumber.rawValue)
    let missing = await thrownError { _ = try await provider.verifyPhoneNumber("") }
    #expect(missing?.code == AuthErrorCode.missingPhoneNumber.rawValue)
    #expect(world.textMessages.isEmpty)

    let verificationID = try await provider.verifyPhoneNumber(number)
    let noCode = await thrownError {
      try await auth.signIn(
        with: provider.credential(withVerificationID: verificationID, verificationCode: ""))
    }
    #expect(noCode?.code == AuthErrorCode.missingVerificationCode.rawValue)
    let noID = await thrownError {
      try await auth.signIn(with: provider.credential(withVerificationID: "", verificationCode: "123456"))
    }
    #expect(noID?.code == AuthErrorCode.missingVerificationID.rawValue)
    let unknownID = await thrownError {
      try await auth.signIn(with: provider.credential(withVerificationID: "nope", verificationCode: "123456"))
    }
    #expect(unknownID?.code == AuthErrorCode.invalidVerificationID.rawValue)
  }

  @Test func sendsAreLimitedAndTheQuotaCanRunOut() async throws {
    var settings = FirebaseWorld.Settings()
    settings.smsSendLimit = .init(count: 2, per: .hours(1))
    let world = FirebaseWorld(settings: settings)
    let provider = PhoneAuthProvider.provider(auth: world.auth(for: "phone"))
    _ = try await provider.verifyPhoneNumber(number)
    _ = try await provider.verifyPhoneNumber(number)
    let limited = await thrownError { _ = try await provider.verifyPhoneNumber(number) }
    #expect(limited?.code == AuthErrorCode.tooManyRequests.rawValue)

    world.failNext(.sendVerificationCode, with: .quotaExceeded)
    let quota = await thrownError { _ = try await provider.verifyPhoneNumber(otherNumber) }
    #expect(quota?.code == AuthErrorCode.quotaExceeded.rawValue)
    #expect(quota?.userInfo[AuthErrors.userInfoNameKey] as? String == "ERROR_QUOTA_EXCEEDED")
    #expect(quota.map { FirebaseWorld.worldCode(for: $0) } == .quotaExceeded)
  }

  @Test func aTestNumberGetsNoSMSAndTakesItsFixedCode() async throws {
    var settings = FirebaseWorld.Settings()
    settings.testPhoneNumbers = ["+15555550199": "424242"]
    let world = FirebaseWorld(settings: settings)
    let auth = world.auth(for: "phone")
    let provider = PhoneAuthProvider.provider(auth: auth)
    let verificationID = try await provider.verifyPhoneNumber("+15555550199")
    #expect(world.newestSMS(to: "+15555550199") == nil)
    let credential = provider.credential(withVerificationID: verificationID, verificationCode: "424242")
    #expect(try await auth.signIn(with: credential).user.phoneNumber == "+15555550199")
  }

  @Test func anEmailAccountLinksANumberAndSignsInWithIt() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    let result = try await user.link(with: try await verifiedCredential(world, auth, number))
    #expect(result.additionalUserInfo == nil)
    #expect(result.user === user && user.phoneNumber == number && user.email == "bob@example.com")
    #expect(user.providerData.map(\.providerID) == ["password", "phone"])
    #expect(world.account(email: "bob@example.com")?.phoneNumber == number)

    let second = await thrownError {
      try await user.link(with: try await verifiedCredential(world, auth, otherNumber))
    }
    #expect(second?.code == AuthErrorCode.providerAlreadyLinked.rawValue)

    try auth.signOut()
    let byPhone = try await auth.signIn(with: try await verifiedCredential(world, auth, number))
    #expect(byPhone.user.uid == user.uid && byPhone.additionalUserInfo?.isNewUser == false)
  }

  @Test func aGuestLinksANumberAndKeepsItsUID() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    let result = try await guest.link(with: try await verifiedCredential(world, auth, number))
    #expect(result.user.uid == guest.uid && !result.user.isAnonymous)
    #expect(result.user.phoneNumber == number)
  }

  @Test func aNumberAnotherAccountHasIsCredentialAlreadyInUseAndItsCredentialSignsIn() async throws {
    let world = worldWithPat(number)
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    let taken = await thrownError {
      try await guest.link(with: try await verifiedCredential(world, auth, number))
    }
    #expect(taken?.code == AuthErrorCode.credentialAlreadyInUse.rawValue)
    #expect(taken?.userInfo[AuthErrors.userInfoEmailKey] == nil)
    let updated = try #require(
      taken?.userInfo[AuthErrors.userInfoUpdatedCredentialKey] as? PhoneAuthCredential)
    #expect(updated.provider == PhoneAuthProvider.id)
    #expect(auth.currentUser?.uid == guest.uid && guest.phoneNumber == nil)

    let result = try await auth.signIn(with: updated)
    #expect(result.user.uid == world.account(email: "pat@example.com")?.uid)
    #expect(result.user.phoneNumber == number && result.additionalUserInfo?.isNewUser == false)
    try auth.signOut()
    let replayed = await thrownError { try await auth.signIn(with: updated) }
    #expect(replayed?.code == AuthErrorCode.invalidCredential.rawValue)
    let linkingProof = await thrownError {
      _ = try await auth.signInAnonymously().user.link(with: updated)
    }
    #expect(linkingProof?.code == AuthErrorCode.missingVerificationCode.rawValue)
  }

  @Test func unlinkingPhoneRemovesTheNumber() async throws {
    let world = worldWithPat(number)
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "pat@example.com", password: "Str0ng-pass").user
    #expect(user.phoneNumber == number)
    #expect(user.providerData.map(\.providerID) == ["password", "phone"])
    let after = try await user.unlink(fromProvider: PhoneAuthProvider.id)
    #expect(after.phoneNumber == nil && after.providerData.map(\.providerID) == ["password"])
    #expect(world.account(email: "pat@example.com")?.phoneNumber == nil)
    let again = await thrownError { _ = try await user.unlink(fromProvider: "phone") }
    #expect(again?.code == AuthErrorCode.noSuchProvider.rawValue)
  }

  @Test func aPhoneCredentialReauthenticatesItsOwnUserOnly() async throws {
    let world = worldWithPat(otherNumber)
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(with: try await verifiedCredential(world, auth, number)).user
    world.advance(by: .minutes(6))
    let stale = await thrownError { try await user.delete() }
    #expect(stale?.code == AuthErrorCode.requiresRecentLogin.rawValue)

    let mismatch = await thrownError {
      try await user.reauthenticate(with: try await verifiedCredential(world, auth, otherNumber))
    }
    #expect(mismatch?.code == AuthErrorCode.userMismatch.rawValue)
    let unknown = await thrownError {
      try await user.reauthenticate(with: try await verifiedCredential(world, auth, "+15555550102"))
    }
    // The backend's user-not-found, which the SDK reports as a mismatch for every re-authentication.
    #expect(unknown?.code == AuthErrorCode.userMismatch.rawValue)
    #expect(auth.currentUser?.uid == user.uid)

    let result = try await user.reauthenticate(with: try await verifiedCredential(world, auth, number))
    #expect(result.user === user && result.additionalUserInfo?.providerID == "phone")
    try await user.delete()
    #expect(auth.currentUser == nil)
  }

  @Test func updatingTheNumberNeedsARecentLoginAndAFreeNumber() async throws {
    let world = worldWithPat(otherNumber)
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(with: try await verifiedCredential(world, auth, number)).user
    let uid = user.uid

    let taken = await thrownError {
      try await user.updatePhoneNumber(try await verifiedCredential(world, auth, otherNumber))
    }
    #expect(taken?.code == AuthErrorCode.credentialAlreadyInUse.rawValue)
    #expect(taken?.userInfo[AuthErrors.userInfoUpdatedCredentialKey] is PhoneAuthCredential)
    #expect(user.phoneNumber == number)

    let newNumber = "+15555550102"
    world.advance(by: .minutes(6))
    let credential = try await verifiedCredential(world, auth, newNumber)
    let stale = await thrownError { try await user.updatePhoneNumber(credential) }
    #expect(stale?.code == AuthErrorCode.requiresRecentLogin.rawValue)
    try await user.reauthenticate(with: try await verifiedCredential(world, auth, number))
    let tokenBefore = try await user.getIDToken()
    try await user.updatePhoneNumber(credential)
    #expect(user.phoneNumber == newNumber && user.uid == uid)
    // The service answers with new tokens for the number, which the SDK keeps.
    #expect(try await user.getIDToken() != tokenBefore)
    #expect(try await user.getIDTokenResult().signInProvider == "phone")
    #expect(user.providerData.compactMap(\.phoneNumber) == [newNumber])

    try auth.signOut()
    let old = try await auth.signIn(with: try await verifiedCredential(world, auth, number))
    #expect(old.additionalUserInfo?.isNewUser == true && old.user.uid != uid)
  }

  /// The handler is `@MainActor`, as in FirebaseAuth 11.14: code on no actor may set main-actor state in it. In
  /// a plain test such a caller gets it later, in a main-actor task (at once it would run off the main actor and
  /// trap there); a caller on the main actor gets it before the call returns.
  @Test func aMainActorHandlerFromCodeOnNoActorComesOnTheMainActor() async throws {
    let world = worldWithPat(otherNumber)
    let provider = PhoneAuthProvider.provider(auth: world.auth(for: "phone"))
    let model = await CodeModel()
    provider.verifyPhoneNumber(number, uiDelegate: nil) { verificationID, _ in
      MainActor.assumeIsolated { model.verificationID = verificationID }
    }
    await MainActor.run {}  // queued behind the handler's task
    #expect(await model.verificationID != nil)
  }

  @Test @MainActor func completionHandlerFormsReportTheSameOutcomes() throws {
    let world = worldWithPat(otherNumber)
    let auth = world.auth(for: "phone")
    let provider = PhoneAuthProvider.provider(auth: auth)

    var verificationID: String?
    provider.verifyPhoneNumber(number, uiDelegate: nil) { id, error in
      #expect(error == nil)
      verificationID = id
    }
    let id = try #require(verificationID)
    let code = try #require(world.newestSMS(to: number)).code
    var failure: NSError?
    provider.verifyPhoneNumber("12", uiDelegate: nil, multiFactorSession: nil) { id, error in
      #expect(id == nil)
      failure = error as NSError?
    }
    #expect(failure?.code == AuthErrorCode.invalidPhoneNumber.rawValue)

    var signedIn: AuthDataResult?
    auth.signIn(with: provider.credential(withVerificationID: id, verificationCode: code)) { result, error in
      #expect(error == nil)
      signedIn = result
    }
    let user = try #require(signedIn?.user)
    #expect(signedIn?.additionalUserInfo?.isNewUser == true)

    var otherID: String?
    provider.verifyPhoneNumber(otherNumber) { id, _ in otherID = id }
    let otherCode = try #require(world.newestSMS(to: otherNumber)).code
    var updateError: NSError?
    user.updatePhoneNumber(
      provider.credential(withVerificationID: try #require(otherID), verificationCode: otherCode)
    ) { error in updateError = error as NSError? }
    #expect(updateError?.code == AuthErrorCode.credentialAlreadyInUse.rawValue)

    var unlinked: User?
    user.unlink(fromProvider: "phone") { user, error in
      #expect(error == nil)
      unlinked = user
    }
    #expect(unlinked?.phoneNumber == nil)

    var linkID: String?
    provider.verifyPhoneNumber(number, uiDelegate: nil, completion: { id, _ in linkID = id })
    let linkCode = try #require(world.newestSMS(to: number)).code
    var linked: AuthDataResult?
    user.link(with: provider.credential(withVerificationID: try #require(linkID), verificationCode: linkCode))
    {
      result, _ in linked = result
    }
    #expect(linked?.user.phoneNumber == number)

    var reauthError: Error?
    var reauthCalled = false
    user.reauthenticate(with: provider.credential(withVerificationID: "used", verificationCode: "1")) {
      _, error in
      reauthCalled = true
      reauthError = error
    }
    #expect(reauthCalled && (reauthError as NSError?)?.code == AuthErrorCode.invalidVerificationID.rawValue)

    var updated = false
    provider.verifyPhoneNumber("+15555550102") { id, _ in linkID = id }
    let newCode = try #require(world.newestSMS(to: "+15555550102")).code
    user.updatePhoneNumber(
      provider.credential(withVerificationID: try #require(linkID), verificationCode: newCode)
    ) { error in updated = error == nil }
    #expect(updated && user.phoneNumber == "+15555550102")
  }

  @Test func theDeviceProviderFollowsAuthAuth() async throws {
    let world = FirebaseWorld()
    try await world.withDevice("tablet") {
      let verificationID = try await PhoneAuthProvider.provider().verifyPhoneNumber(number)
      let code = try #require(world.newestSMS(to: number)).code
      let credential = PhoneAuthProvider.provider().credential(
        withVerificationID: verificationID, verificationCode: code)
      _ = try await Auth.auth().signIn(with: credential)
    }
    #expect(world.auth(for: "tablet").currentUser?.phoneNumber == number)
    #expect(world.auth(for: "phone").currentUser == nil)
    #expect(AuthProviderID.phone.rawValue == PhoneAuthProvider.id)
  }

  @Test func aPhoneCredentialArchivesWithSecureCoding() throws {
    let credential = PhoneAuthProvider.provider(auth: FirebaseWorld().auth(for: "phone"))
      .credential(withVerificationID: "vid", verificationCode: "123456")
    let data = try NSKeyedArchiver.archivedData(withRootObject: credential, requiringSecureCoding: true)
    let decoded = try NSKeyedUnarchiver.unarchivedObject(ofClass: PhoneAuthCredential.self, from: data)
    #expect(decoded?.provider == "phone")
  }
}

@MainActor private final class CodeModel {
  var verificationID: String?
}
