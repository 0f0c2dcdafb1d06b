import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// Multi-factor authentication over REST: the v2 `mfaEnrollment:*` and `mfaSignIn:*` endpoints, the second-factor
/// answer of a password sign-in, and the Admin SDK's `mfaInfo`.
@Suite struct AuthServerMFATests {
  private let project = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow"
  private let email = "ada@example.com"
  private let number = "+15555550100"

  private func harness(verified: Bool = true, settings: BackendSettings = BackendSettings()) -> ServerHarness
  {
    ServerHarness(
      settings: settings,
      given: Given(accounts: [AccountSeed(email: email, password: "secret-1", emailVerified: verified)]))
  }

  private func v2(_ client: ServerHarness.Client, _ endpoint: String, _ body: String) async throws -> (
    Int, [String: Any]
  ) {
    try await client.call(
      .post, "/identitytoolkit.googleapis.com/v2/accounts/\(endpoint)?key=fake-api-key", body)
  }

  private func signIn(_ client: ServerHarness.Client) async throws -> [String: Any] {
    let (status, json) = try await client.post(
      "accounts:signInWithPassword", #"{"email":"\#(email)","password":"secret-1"}"#)
    #expect(status == 200)
    return json
  }

  private func lookupUser(_ client: ServerHarness.Client, _ idToken: String) async throws -> [String: Any] {
    let (_, looked) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
    return try #require((looked["users"] as? [[String: Any]])?.first)
  }

  /// Enrolls an authenticator for the signed-in user; returns the new ID token and the factor's id.
  private func enrollTOTP(_ server: AuthServer, _ client: ServerHarness.Client, _ idToken: String)
    async throws -> (String, String)
  {
    let (status, started) = try await v2(
      client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
    #expect(status == 200)
    let info = try #require(started["totpSessionInfo"] as? [String: Any])
    let sessionInfo = try #require(info["sessionInfo"] as? String)
    let code = try #require(server.world.authenticatorCode(sessionInfo))
    let (done, finished) = try await v2(
      client, "mfaEnrollment:finalize",
      #"{"idToken":"\#(idToken)","displayName":"phone app","totpVerificationInfo":{"sessionInfo":"\#(sessionInfo)","verificationCode":"\#(code)"}}"#
    )
    #expect(done == 200)
    let newToken = try #require(finished["idToken"] as? String)
    let user = try await lookupUser(client, newToken)
    let factor = try #require((user["mfaInfo"] as? [[String: Any]])?.last)
    return (newToken, try #require(factor["mfaEnrollmentId"] as? String))
  }

  @Test func totpEnrolmentThenSignInAsksForTheCodeAndTheCodeSignsIn() async throws {
    let harness = harness()
    let server = harness.server
    try await harness.test { client in
      let first = try await signIn(client)
      let idToken = try #require(first["idToken"] as? String)
      let (_, started) = try await v2(
        client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
      let info = try #require(started["totpSessionInfo"] as? [String: Any])
      #expect((info["sharedSecretKey"] as? String)?.count == 32)
      #expect(info["verificationCodeLength"] as? Int == 6)
      #expect(info["hashingAlgorithm"] as? String == "SHA1")
      #expect(info["periodSec"] as? Int == 30)
      #expect(info["finalizeEnrollmentTime"] as? String == "2026-01-01T00:10:00Z")
      let sessionInfo = try #require(info["sessionInfo"] as? String)
      let (wrong, refused) = try await v2(
        client, "mfaEnrollment:finalize",
        #"{"idToken":"\#(idToken)","totpVerificationInfo":{"sessionInfo":"\#(sessionInfo)","verificationCode":"000000x"}}"#
      )
      #expect(wrong == 400)
      #expect(errorMessage(refused) == "INVALID_CODE")

      let (enrolledToken, factorID) = try await enrollTOTP(server, client, idToken)
      let user = try await lookupUser(client, enrolledToken)
      let factor = try #require((user["mfaInfo"] as? [[String: Any]])?.first)
      #expect(factor["displayName"] as? String == "phone app")
      #expect(factor["totpInfo"] as? [String: Any] != nil)
      #expect(factor["enrolledAt"] as? String == "2026-01-01T00:00:00Z")
      // Enrolling revoked every other session: the first one's refresh token is spent.
      let (_, again) = try await v2(
        client, "mfaEnrollment:start", #"{"idToken":"\#(enrolledToken)","totpEnrollmentInfo":{}}"#)
      #expect(errorMessage(again) == "SECOND_FACTOR_EXISTS")

      let pending = try await signIn(client)
      #expect(pending["idToken"] == nil)
      #expect(pending["refreshToken"] == nil)
      #expect(pending["localId"] as? String == user["localId"] as? String)
      let credential = try #require(pending["mfaPendingCredential"] as? String)
      let hints = try #require(pending["mfaInfo"] as? [[String: Any]])
      #expect(hints.map { $0["mfaEnrollmentId"] as? String } == [factorID])

      let (missing, noID) = try await v2(
        client, "mfaSignIn:finalize",
        #"{"mfaPendingCredential":"\#(credential)","totpVerificationInfo":{"verificationCode":"123456"}}"#)
      #expect(missing == 400)
      #expect(errorMessage(noID) == "MISSING_MFA_ENROLLMENT_ID")
      let (_, bad) = try await v2(
        client, "mfaSignIn:finalize",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factorID)","totpVerificationInfo":{"verificationCode":"abcdef"}}"#
      )
      #expect(errorMessage(bad) == "INVALID_CODE")
      let code = try #require(server.world.authenticatorCode(factorID))
      let finalize =
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factorID)","totpVerificationInfo":{"verificationCode":"\#(code)"}}"#
      let (status, signedIn) = try await v2(client, "mfaSignIn:finalize", finalize)
      #expect(status == 200)
      let token = try #require(signedIn["idToken"] as? String)
      #expect(signedIn["refreshToken"] is String)
      let payload = try #require(UnsignedJWT.payload(of: token))
      let claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
      let firebase = claims["firebase"] as? [String: Any]
      #expect(firebase?["sign_in_provider"] as? String == "password")
      #expect(firebase?["sign_in_second_factor"] as? String == "totp")
      #expect(firebase?["second_factor_identifier"] as? String == factorID)
      // The pending credential is spent.
      let (_, spent) = try await v2(client, "mfaSignIn:finalize", finalize)
      #expect(errorMessage(spent) == "INVALID_MFA_PENDING_CREDENTIAL")
    }
  }

  @Test func phoneEnrolmentMasksTheNumberAndAnSMSCodeSignsInThenWithdrawRemovesIt() async throws {
    try await harness().test { client in
      let idToken = try #require(try await signIn(client)["idToken"] as? String)
      let (_, started) = try await v2(
        client, "mfaEnrollment:start",
        #"{"idToken":"\#(idToken)","phoneEnrollmentInfo":{"phoneNumber":"\#(number)"}}"#)
      let sessionInfo = try #require(
        (started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
      let code = try await smsCode(client, sessionInfo)
      let (done, enrolled) = try await v2(
        client, "mfaEnrollment:finalize",
        #"{"idToken":"\#(idToken)","phoneVerificationInfo":{"sessionInfo":"\#(sessionInfo)","code":"\#(code)"}}"#
      )
      #expect(done == 200)
      let enrolledToken = try #require(enrolled["idToken"] as? String)
      let enrolledUser = try await lookupUser(client, enrolledToken)
      let factor = try #require((enrolledUser["mfaInfo"] as? [[String: Any]])?.first)
      #expect(factor["phoneInfo"] as? String == number)
      let factorID = try #require(factor["mfaEnrollmentId"] as? String)

      let pending = try await signIn(client)
      let credential = try #require(pending["mfaPendingCredential"] as? String)
      #expect((pending["mfaInfo"] as? [[String: Any]])?.first?["phoneInfo"] as? String == "+*******0100")
      let (_, unknown) = try await v2(
        client, "mfaSignIn:start", #"{"mfaPendingCredential":"nope","mfaEnrollmentId":"\#(factorID)"}"#)
      #expect(errorMessage(unknown) == "INVALID_MFA_PENDING_CREDENTIAL")
      let (_, noFactor) = try await v2(
        client, "mfaSignIn:start", #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"other"}"#)
      #expect(errorMessage(noFactor) == "MFA_ENROLLMENT_NOT_FOUND")
      let (_, challenge) = try await v2(
        client, "mfaSignIn:start",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factorID)","phoneSignInInfo":{}}"#)
      let signInSession = try #require(
        (challenge["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
      let signInCode = try await smsCode(client, signInSession)
      let (status, signedIn) = try await v2(
        client, "mfaSignIn:finalize",
        #"{"mfaPendingCredential":"\#(credential)","phoneVerificationInfo":{"sessionInfo":"\#(signInSession)","code":"\#(signInCode)"}}"#
      )
      #expect(status == 200)
      let token = try #require(signedIn["idToken"] as? String)

      let (withdrawn, fresh) = try await v2(
        client, "mfaEnrollment:withdraw", #"{"idToken":"\#(token)","mfaEnrollmentId":"\#(factorID)"}"#)
      #expect(withdrawn == 200)
      let freshToken = try #require(fresh["idToken"] as? String)
      #expect(try await lookupUser(client, freshToken)["mfaInfo"] == nil)
      let (_, gone) = try await v2(
        client, "mfaEnrollment:withdraw", #"{"idToken":"\#(freshToken)","mfaEnrollmentId":"\#(factorID)"}"#)
      #expect(errorMessage(gone) == "MFA_ENROLLMENT_NOT_FOUND")
      #expect(try await signIn(client)["idToken"] is String)
    }
  }

  private func smsCode(_ client: ServerHarness.Client, _ sessionInfo: String) async throws -> String {
    let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/verificationCodes")
    let codes = try #require(listed["verificationCodes"] as? [[String: Any]])
    return try #require(codes.last { $0["sessionInfo"] as? String == sessionInfo }?["code"] as? String)
  }

  @Test func enrolmentNeedsAVerifiedEmailARecentLoginAndTheKnob() async throws {
    try await harness(verified: false).test { client in
      let idToken = try #require(try await signIn(client)["idToken"] as? String)
      let (status, json) = try await v2(
        client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
      #expect(status == 400)
      #expect(errorMessage(json)?.hasPrefix("UNVERIFIED_EMAIL") == true)
      let (_, missing) = try await v2(client, "mfaEnrollment:start", #"{"totpEnrollmentInfo":{}}"#)
      #expect(errorMessage(missing) == "MISSING_ID_TOKEN")
      let (_, neither) = try await v2(client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)"}"#)
      #expect(errorMessage(neither)?.hasPrefix("INVALID_ARGUMENT") == true)
    }
    try await harness().test { client in
      let idToken = try #require(try await signIn(client)["idToken"] as? String)
      let (_, started) = try await v2(
        client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
      let sessionInfo = try #require(
        (started["totpSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"11m"}"#)
      let (_, expired) = try await v2(
        client, "mfaEnrollment:finalize",
        #"{"idToken":"\#(idToken)","totpVerificationInfo":{"sessionInfo":"\#(sessionInfo)","verificationCode":"123456"}}"#
      )
      #expect(errorMessage(expired) == "SESSION_EXPIRED")
      let (_, old) = try await v2(
        client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
      #expect(errorMessage(old) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    }
    var settings = BackendSettings()
    settings.mfa.enabled = false
    try await harness(settings: settings).test { client in
      let idToken = try #require(try await signIn(client)["idToken"] as? String)
      let (_, json) = try await v2(
        client, "mfaEnrollment:start",
        #"{"idToken":"\#(idToken)","phoneEnrollmentInfo":{"phoneNumber":"\#(number)"}}"#)
      #expect(errorMessage(json) == "OPERATION_NOT_ALLOWED : Multi-factor authentication is not enabled.")
    }
  }

  @Test func theAdminSDKSetsReplacesAndRemovesPhoneFactors() async throws {
    try await harness().test { client in
      let uid = try #require(try await signIn(client)["localId"] as? String)
      let five = (0..<5).map { #"{"phoneInfo":"+1555555010\#($0)","displayName":"n\#($0)"}"# }
      let (status, _) = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(uid)","mfa":{"enrollments":[\#(five.joined(separator: ","))]}}"#)
      #expect(status == 200)
      let (_, looked) = try await client.admin(
        .post, "\(project)/accounts:lookup", #"{"localId":["\#(uid)"]}"#)
      let factors = try #require((looked["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]])
      #expect(factors.map { $0["phoneInfo"] as? String } == (0..<5).map { "+1555555010\($0)" })
      #expect(factors.first?["displayName"] as? String == "n0")
      let kept = try #require(factors.first?["mfaEnrollmentId"] as? String)

      let idToken = try #require(try await signIn(client)["mfaPendingCredential"] as? String)
      #expect(!idToken.isEmpty)
      let (_, bad) = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(uid)","mfa":{"enrollments":[{"phoneInfo":"555"}]}}"#)
      #expect(errorMessage(bad) == "INVALID_MFA_PHONE_NUMBER : Invalid format.")
      _ = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(uid)","mfa":{"enrollments":[{"mfaEnrollmentId":"\#(kept)","phoneInfo":"+15555550100"}]}}"#
      )
      let (_, one) = try await client.admin(.post, "\(project)/accounts:lookup", #"{"localId":["\#(uid)"]}"#)
      let left = try #require((one["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]])
      #expect(left.map { $0["mfaEnrollmentId"] as? String } == [kept])
      _ = try await client.admin(.post, "\(project)/accounts:update", #"{"localId":"\#(uid)","mfa":{}}"#)
      let (_, none) = try await client.admin(.post, "\(project)/accounts:lookup", #"{"localId":["\#(uid)"]}"#)
      #expect((none["users"] as? [[String: Any]])?.first?["mfaInfo"] == nil)

      let (created, made) = try await client.admin(
        .post, "\(project)/accounts",
        #"{"email":"b@example.com","emailVerified":true,"mfaInfo":[{"phoneInfo":"+15555550199"}]}"#)
      #expect(created == 200)
      let newUID = try #require(made["localId"] as? String)
      let (_, got) = try await client.admin(
        .post, "\(project)/accounts:lookup", #"{"localId":["\#(newUID)"]}"#)
      let theirs = (got["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]]
      #expect(theirs?.first?["phoneInfo"] as? String == "+15555550199")
    }
  }

  @Test func aSixthFactorIsOverTheLimit() async throws {
    try await harness().test { client in
      let first = try await signIn(client)
      let uid = try #require(first["localId"] as? String)
      let idToken = try #require(first["idToken"] as? String)
      let five = (0..<5).map { #"{"phoneInfo":"+1555555010\#($0)"}"# }
      _ = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(uid)","mfa":{"enrollments":[\#(five.joined(separator: ","))]}}"#)
      let (_, json) = try await v2(
        client, "mfaEnrollment:start", #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
      #expect(errorMessage(json) == "SECOND_FACTOR_LIMIT_EXCEEDED")
    }
  }

  @Test func identityProviderAndEmailLinkSignInsAnswerThePendingCredentialToo() async throws {
    try await harness().test { client in
      let uid = try #require(try await signIn(client)["localId"] as? String)
      _ = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(uid)","mfa":{"enrollments":[{"phoneInfo":"\#(number)"}]}}"#)
      // A Google account of its own (a new user), then given a factor by the Admin SDK.
      let claims = #"{"sub":"g-1","email":"gia@example.com","email_verified":true}"#
      let postBody =
        "id_token=" + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        + "&providerId=google.com"
      let request = #"{"postBody":"\#(postBody)","requestUri":"http://localhost"}"#
      let (_, first) = try await client.post("accounts:signInWithIdp", request)
      let googleUID = try #require(first["localId"] as? String)
      _ = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(googleUID)","mfa":{"enrollments":[{"phoneInfo":"\#(number)"}]}}"#)
      let (status, idp) = try await client.post("accounts:signInWithIdp", request)
      #expect(status == 200)
      #expect(idp["idToken"] == nil)
      #expect(idp["mfaPendingCredential"] is String)
      #expect(idp["providerId"] as? String == "google.com")
      #expect((idp["mfaInfo"] as? [[String: Any]])?.first?["phoneInfo"] as? String == "+*******0100")

      _ = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"\#(email)"}"#)
      let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
      let code = try #require((listed["oobCodes"] as? [[String: Any]])?.last?["oobCode"] as? String)
      let (linked, link) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"\#(email)","oobCode":"\#(code)"}"#)
      #expect(linked == 200)
      #expect(link["idToken"] == nil)
      #expect(link["localId"] as? String == uid)
      #expect(link["mfaPendingCredential"] is String)
    }
  }

  @Test func aPendingCredentialLivesTenMinutesAndWithdrawingNeedsARecentLogin() async throws {
    let harness = harness()
    let server = harness.server
    try await harness.test { client in
      let idToken = try #require(try await signIn(client)["idToken"] as? String)
      let (enrolledToken, factorID) = try await enrollTOTP(server, client, idToken)
      let credential = try #require(try await signIn(client)["mfaPendingCredential"] as? String)
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"11m"}"#)
      let code = try #require(server.world.authenticatorCode(factorID))
      let (status, expired) = try await v2(
        client, "mfaSignIn:finalize",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factorID)","totpVerificationInfo":{"verificationCode":"\#(code)"}}"#
      )
      #expect(status == 400)
      #expect(errorMessage(expired) == "SESSION_EXPIRED")
      let (_, old) = try await v2(
        client, "mfaEnrollment:withdraw", #"{"idToken":"\#(enrolledToken)","mfaEnrollmentId":"\#(factorID)"}"#
      )
      #expect(errorMessage(old) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    }
  }

  @Test func theWorldsMFACodesHaveProductionsMessages() {
    #expect(ServiceError(.emailChangeNeedsVerification).message == "EMAIL_CHANGE_NEEDS_VERIFICATION")
    #expect(ServiceError(.multiFactorInfoNotFound).message == "MFA_ENROLLMENT_NOT_FOUND")
    #expect(maskedPhoneNumber("+15555550100") == "+*******0100")
    #expect(maskedPhoneNumber("+123") == "+123")
  }
}
