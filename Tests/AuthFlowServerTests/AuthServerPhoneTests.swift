import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// Phone sign-in over REST (`sendVerificationCode`, `signInWithPhoneNumber`, the emulator's `verificationCodes`)
/// and the Admin SDK's phone fields.
@Suite struct AuthServerPhoneTests {
  private let project = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow"
  private let number = "+15555550100"

  /// Sends a code to `number` and reads it from `verificationCodes`, as a test reads the emulator's log.
  private func sendCode(_ client: ServerHarness.Client, to number: String) async throws -> (String, String) {
    let (status, sent) = try await client.post(
      "accounts:sendVerificationCode", #"{"phoneNumber":"\#(number)"}"#)
    #expect(status == 200)
    let sessionInfo = try #require(sent["sessionInfo"] as? String)
    let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/verificationCodes")
    let codes = try #require(listed["verificationCodes"] as? [[String: Any]])
    let entry = try #require(codes.last { $0["sessionInfo"] as? String == sessionInfo })
    #expect(entry["phoneNumber"] as? String == number)
    return (sessionInfo, try #require(entry["code"] as? String))
  }

  private func signIn(
    _ client: ServerHarness.Client, _ sessionInfo: String, _ code: String, idToken: String? = nil
  )
    async throws -> (Int, [String: Any])
  {
    let token = idToken.map { #","idToken":"\#($0)""# } ?? ""
    return try await client.post(
      "accounts:signInWithPhoneNumber", #"{"sessionInfo":"\#(sessionInfo)","code":"\#(code)"\#(token)}"#)
  }

  private func claims(ofIDToken token: String) throws -> [String: Any] {
    let data = try #require(UnsignedJWT.payload(of: token))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aCodeSignsUpThenSignsInAndTheUserCarriesTheNumber() async throws {
    try await ServerHarness().test { client in
      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (status, first) = try await signIn(client, sessionInfo, code)
      #expect(status == 200)
      #expect(first["isNewUser"] as? Bool == true)
      #expect(first["phoneNumber"] as? String == number)
      #expect(first["kind"] == nil)
      #expect(first["refreshToken"] is String)
      #expect(first["expiresIn"] as? String == "3600")
      let uid = try #require(first["localId"] as? String)
      let idToken = try #require(first["idToken"] as? String)
      let claims = try self.claims(ofIDToken: idToken)
      #expect(claims["phone_number"] as? String == number)
      let firebase = claims["firebase"] as? [String: Any]
      #expect(firebase?["sign_in_provider"] as? String == "phone")
      #expect((firebase?["identities"] as? [String: Any])?["phone"] as? [String] == [number])

      let (again, second) = try await sendCode(client, to: number)
      let (_, back) = try await signIn(client, again, second)
      #expect(back["isNewUser"] as? Bool == false)
      #expect(back["localId"] as? String == uid)

      let (_, looked) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      let user = try #require((looked["users"] as? [[String: Any]])?.first)
      #expect(user["phoneNumber"] as? String == number)
      #expect(user["email"] == nil)
      let infos = try #require(user["providerUserInfo"] as? [[String: Any]])
      #expect(infos.count == 1)
      #expect(infos.first?["providerId"] as? String == "phone")
      #expect(infos.first?["rawId"] as? String == number)
      #expect(infos.first?["phoneNumber"] as? String == number)
    }
  }

  @Test func sendingNamesBadNumbersDisabledSignInAndTheSendLimit() async throws {
    var settings = BackendSettings()
    settings.smsSendLimit = BackendSettings.SendLimit(count: 1, per: .hours(1))
    try await ServerHarness(settings: settings).test { client in
      let (_, missing) = try await client.post("accounts:sendVerificationCode", "{}")
      #expect(errorMessage(missing) == "INVALID_PHONE_NUMBER : Invalid format.")
      let (_, local) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"5555550100"}"#)
      #expect(errorMessage(local) == "INVALID_PHONE_NUMBER : Invalid format.")
      let (ok, _) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"\#(number)","recaptchaToken":"anything"}"#)
      #expect(ok == 200)
      let (_, limited) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"\#(number)"}"#)
      #expect(errorMessage(limited) == "TOO_MANY_ATTEMPTS_TRY_LATER")
      let (_, patched) = try await client.call(
        .patch, "/authflow/v1/settings", #"{"sign_in_methods":["password"]}"#)
      #expect(patched["sign_in_methods"] as? [String] == ["password"])
      let (_, disabled) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"+15555550111"}"#)
      #expect(errorMessage(disabled) == "OPERATION_NOT_ALLOWED")
    }
  }

  @Test func signingInNamesEachProblemAsTheServiceDoes() async throws {
    try await ServerHarness().test { client in
      let (_, noSession) = try await client.post("accounts:signInWithPhoneNumber", #"{"code":"123456"}"#)
      #expect(errorMessage(noSession) == "MISSING_SESSION_INFO")
      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (_, noCode) = try await client.post(
        "accounts:signInWithPhoneNumber", #"{"sessionInfo":"\#(sessionInfo)"}"#)
      #expect(errorMessage(noCode) == "MISSING_CODE")
      let (_, unknown) = try await signIn(client, "never-issued", code)
      #expect(errorMessage(unknown) == "INVALID_SESSION_INFO")
      let wrong = code == "000000" ? "111111" : "000000"
      let (_, mistyped) = try await signIn(client, sessionInfo, wrong)
      #expect(errorMessage(mistyped) == "INVALID_CODE")
      // A wrong code leaves the verification usable; the right one uses it up.
      let (status, _) = try await signIn(client, sessionInfo, code)
      #expect(status == 200)
      let (_, reused) = try await signIn(client, sessionInfo, code)
      #expect(errorMessage(reused) == "INVALID_SESSION_INFO")

      let (late, lateCode) = try await sendCode(client, to: number)
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"6m"}"#)
      let (_, expired) = try await signIn(client, late, lateCode)
      #expect(errorMessage(expired) == "SESSION_EXPIRED")
    }
  }

  @Test func theCodeLifetimeIsAKnobAndFailNextReachesPhoneCalls() async throws {
    try await ServerHarness().test { client in
      let (_, patched) = try await client.call(.patch, "/authflow/v1/settings", #"{"sms_code_ttl":"30m"}"#)
      #expect(patched["sms_code_ttl"] as? String == "30m")
      let (sessionInfo, code) = try await sendCode(client, to: number)
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"20m"}"#)
      let (status, _) = try await signIn(client, sessionInfo, code)
      #expect(status == 200)
      _ = try await client.call(
        .post, "/authflow/v1/failNext", #"{"operation":"sendVerificationCode","error":"quota-exceeded"}"#)
      let (_, quota) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"\#(number)"}"#)
      #expect(errorMessage(quota) == "QUOTA_EXCEEDED")
    }
  }

  @Test func aDisabledAccountCannotSignInWithItsNumber() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.admin(
        .post, "\(project)/accounts", #"{"phoneNumber":"\#(number)","disabled":true}"#)
      #expect(created["localId"] is String)
      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (_, refused) = try await signIn(client, sessionInfo, code)
      #expect(errorMessage(refused) == "USER_DISABLED")
    }
  }

  @Test func testNumbersGetNoSMSAndNoSendLimit() async throws {
    try await ServerHarness().test { client in
      let (status, patched) = try await client.call(
        .patch, "/authflow/v1/settings",
        #"{"test_phone_numbers":{"+15555550199":"123456"},"sms_send_limit":{"count":2,"per":"1h"}}"#)
      #expect(status == 200)
      #expect(patched["test_phone_numbers"] as? [String: String] == ["+15555550199": "123456"])
      var sessionInfo = ""
      for _ in 0..<3 {
        let (_, sent) = try await client.post(
          "accounts:sendVerificationCode", #"{"phoneNumber":"+15555550199"}"#)
        sessionInfo = try #require(sent["sessionInfo"] as? String)
      }
      let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/verificationCodes")
      #expect((listed["verificationCodes"] as? [Any])?.isEmpty == true)
      let (_, signedIn) = try await signIn(client, sessionInfo, "123456")
      #expect(signedIn["phoneNumber"] as? String == "+15555550199")
      let (_, bad) = try await client.call(
        .patch, "/authflow/v1/settings", #"{"test_phone_numbers":{"555":"123456"}}"#)
      #expect(errorMessage(bad)?.hasPrefix("INVALID_ARGUMENT : 'test_phone_numbers'") == true)
    }
  }

  /// An account with a password, a verified email and an SMS second factor, made by the Admin SDK.
  private func mfaAccount(_ client: ServerHarness.Client, phoneNumber: String? = nil) async throws -> String {
    let phone = phoneNumber.map { #","phoneNumber":"\#($0)""# } ?? ""
    let (status, created) = try await client.admin(
      .post, "\(project)/accounts",
      #"{"email":"ada@example.com","password":"hunter22","emailVerified":true,"mfaInfo":[{"phoneInfo":"+15555550177"}]\#(phone)}"#
    )
    #expect(status == 200, "\(created)")
    return try #require(created["localId"] as? String)
  }

  @Test func aNumberIsNeverTheFirstFactorOfAnAccountWithSecondFactors() async throws {
    try await ServerHarness().test { client in
      _ = try await mfaAccount(client, phoneNumber: number)
      let (status, refused) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"\#(number)"}"#)
      #expect(status == 400)
      #expect(
        errorMessage(refused)
          == "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user."
      )
      let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/verificationCodes")
      #expect((listed["verificationCodes"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func anAccountWithSecondFactorsCannotLinkANumber() async throws {
    try await ServerHarness().test { client in
      _ = try await mfaAccount(client)
      // The password sign-in waits for the second factor; finish it to get an ID token.
      let (_, pending) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"ada@example.com","password":"hunter22"}"#)
      let credential = try #require(pending["mfaPendingCredential"] as? String)
      let factor = try #require(
        (pending["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] as? String)
      let v2 = "/identitytoolkit.googleapis.com/v2/accounts"
      let (_, started) = try await client.call(
        .post, "\(v2)/mfaSignIn:start?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factor)"}"#)
      let mfaSession = try #require(
        (started["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
      let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/verificationCodes")
      let mfaCode = try #require((listed["verificationCodes"] as? [[String: Any]])?.last?["code"] as? String)
      let (_, signedIn) = try await client.call(
        .post, "\(v2)/mfaSignIn:finalize?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","phoneVerificationInfo":{"sessionInfo":"\#(mfaSession)","code":"\#(mfaCode)"}}"#
      )
      let idToken = try #require(signedIn["idToken"] as? String)

      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (status, refused) = try await signIn(client, sessionInfo, code, idToken: idToken)
      #expect(status == 400)
      #expect(errorMessage(refused)?.hasPrefix("UNSUPPORTED_FIRST_FACTOR") == true)
    }
  }

  @Test func aPhoneSessionCannotEnrollASecondFactor() async throws {
    try await ServerHarness().test { client in
      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (_, user) = try await signIn(client, sessionInfo, code)
      let uid = try #require(user["localId"] as? String)
      _ = try await client.admin(
        .post, "\(project)/accounts:update",
        #"{"localId":"\#(uid)","email":"bob@example.com","emailVerified":true}"#)
      // The new email revoked the session; a new phone sign-in has a verified email and still cannot enroll.
      let (again, newCode) = try await sendCode(client, to: number)
      let (_, signedIn) = try await signIn(client, again, newCode)
      let idToken = try #require(signedIn["idToken"] as? String)
      let (status, refused) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=fake-api-key",
        #"{"idToken":"\#(idToken)","phoneEnrollmentInfo":{"phoneNumber":"+15555550102"}}"#)
      #expect(status == 400)
      #expect(
        errorMessage(refused) == "UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor."
      )
    }
  }

  @Test func aGuestLinksANumberAndKeepsItsUid() async throws {
    try await ServerHarness().test { client in
      let (_, guest) = try await client.post("accounts:signUp", "{}")
      let uid = try #require(guest["localId"] as? String)
      let idToken = try #require(guest["idToken"] as? String)
      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (status, linked) = try await signIn(client, sessionInfo, code, idToken: idToken)
      #expect(status == 200)
      #expect(linked["localId"] as? String == uid)
      #expect(linked["isNewUser"] as? Bool == false)
      #expect(linked["phoneNumber"] as? String == number)
      let fresh = try #require(linked["idToken"] as? String)
      #expect(try self.claims(ofIDToken: fresh)["phone_number"] as? String == number)
      // A second number on the same account is refused.
      let (other, otherCode) = try await sendCode(client, to: "+15555550101")
      let (_, twice) = try await signIn(client, other, otherCode, idToken: fresh)
      #expect(errorMessage(twice) == "PROVIDER_ALREADY_LINKED")
    }
  }

  @Test func linkingAnotherAccountsNumberAnswersATemporaryProofThatSignsIn() async throws {
    try await ServerHarness().test { client in
      let (ownerSession, ownerCode) = try await sendCode(client, to: number)
      let (_, owner) = try await signIn(client, ownerSession, ownerCode)
      let ownerUID = try #require(owner["localId"] as? String)
      let (_, other) = try await client.post(
        "accounts:signUp", #"{"email":"o@example.com","password":"secret-1"}"#)
      let otherToken = try #require(other["idToken"] as? String)

      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (status, answer) = try await signIn(client, sessionInfo, code, idToken: otherToken)
      #expect(status == 200)
      #expect(answer["idToken"] == nil)
      #expect(answer["phoneNumber"] as? String == number)
      #expect(answer["temporaryProofExpiresIn"] as? String == "3600")
      let proof = try #require(answer["temporaryProof"] as? String)

      let (_, relink) = try await client.post(
        "accounts:signInWithPhoneNumber",
        #"{"temporaryProof":"\#(proof)","phoneNumber":"\#(number)","idToken":"\#(otherToken)"}"#)
      #expect(errorMessage(relink) == "PHONE_NUMBER_EXISTS")
      let (_, noNumber) = try await client.post(
        "accounts:signInWithPhoneNumber", #"{"temporaryProof":"\#(proof)"}"#)
      #expect(errorMessage(noNumber) == "MISSING_PHONE_NUMBER")
      let (_, wrongNumber) = try await client.post(
        "accounts:signInWithPhoneNumber", #"{"temporaryProof":"\#(proof)","phoneNumber":"+15555550101"}"#)
      #expect(errorMessage(wrongNumber) == "INVALID_TEMPORARY_PROOF")
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPhoneNumber", #"{"temporaryProof":"\#(proof)","phoneNumber":"\#(number)"}"#)
      #expect(signedIn["localId"] as? String == ownerUID)
      #expect(signedIn["isNewUser"] as? Bool == false)

      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"61m"}"#)
      let (_, stale) = try await client.post(
        "accounts:signInWithPhoneNumber", #"{"temporaryProof":"\#(proof)","phoneNumber":"\#(number)"}"#)
      #expect(errorMessage(stale) == "INVALID_TEMPORARY_PROOF")
    }
  }

  @Test func theAdminSDKCreatesFindsChangesAndRemovesNumbers() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.admin(
        .post, "\(project)/accounts", #"{"phoneNumber":"\#(number)","displayName":"Pat"}"#)
      let uid = try #require(created["localId"] as? String)
      let (_, taken) = try await client.admin(.post, "\(project)/accounts", #"{"phoneNumber":"\#(number)"}"#)
      #expect(errorMessage(taken) == "PHONE_NUMBER_EXISTS")
      let (_, malformed) = try await client.admin(.post, "\(project)/accounts", #"{"phoneNumber":"+0123"}"#)
      #expect(errorMessage(malformed) == "INVALID_PHONE_NUMBER : Invalid format.")

      let (_, found) = try await client.admin(
        .post, "\(project)/accounts:lookup", #"{"phoneNumber":["\#(number)"]}"#)
      let user = try #require((found["users"] as? [[String: Any]])?.first)
      #expect(user["localId"] as? String == uid)
      #expect(user["phoneNumber"] as? String == number)
      let (_, nobody) = try await client.admin(
        .post, "\(project)/accounts:lookup", #"{"phoneNumber":["+15555550177"]}"#)
      #expect(nobody["users"] == nil)
      let (_, notAdmin) = try await client.post("accounts:lookup", #"{"phoneNumber":["\#(number)"]}"#)
      #expect(errorMessage(notAdmin) == "MISSING_ID_TOKEN")

      let (_, second) = try await client.admin(.post, "\(project)/accounts", #"{"email":"s@example.com"}"#)
      let secondUID = try #require(second["localId"] as? String)
      let (_, clash) = try await client.admin(
        .post, "\(project)/accounts:update", #"{"localId":"\#(secondUID)","phoneNumber":"\#(number)"}"#)
      #expect(errorMessage(clash) == "PHONE_NUMBER_EXISTS")
      let (_, badUpdate) = try await client.admin(
        .post, "\(project)/accounts:update", #"{"localId":"\#(secondUID)","phoneNumber":"12"}"#)
      #expect(errorMessage(badUpdate) == "INVALID_PHONE_NUMBER : Invalid format.")
      let (set, _) = try await client.admin(
        .post, "\(project)/accounts:update", #"{"localId":"\#(uid)","phoneNumber":"+15555550102"}"#)
      #expect(set == 200)
      let (_, listed) = try await client.admin(.get, "\(project)/accounts:batchGet")
      let users = try #require(listed["users"] as? [[String: Any]])
      #expect(users.first { $0["localId"] as? String == uid }?["phoneNumber"] as? String == "+15555550102")
      // The old number is free again.
      let (moved, _) = try await client.admin(
        .post, "\(project)/accounts:update", #"{"localId":"\#(secondUID)","phoneNumber":"\#(number)"}"#)
      #expect(moved == 200)

      let (removed, _) = try await client.admin(
        .post, "\(project)/accounts:update", #"{"localId":"\#(uid)","deleteProvider":["phone"]}"#)
      #expect(removed == 200)
      let (_, after) = try await client.admin(
        .post, "\(project)/accounts:lookup", #"{"localId":["\#(uid)"]}"#)
      let stripped = try #require((after["users"] as? [[String: Any]])?.first)
      #expect(stripped["phoneNumber"] == nil)
      #expect((stripped["providerUserInfo"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func aUserUnlinksTheirNumber() async throws {
    try await ServerHarness().test { client in
      let (sessionInfo, code) = try await sendCode(client, to: number)
      let (_, session) = try await signIn(client, sessionInfo, code)
      let idToken = try #require(session["idToken"] as? String)
      let (status, updated) = try await client.post(
        "accounts:update", #"{"idToken":"\#(idToken)","deleteProvider":["phone"]}"#)
      #expect(status == 200)
      #expect((updated["providerUserInfo"] as? [Any])?.isEmpty == true)
      let (again, againCode) = try await sendCode(client, to: number)
      let (_, fresh) = try await signIn(client, again, againCode)
      #expect(fresh["isNewUser"] as? Bool == true)
    }
  }

  @Test func verificationCodesTakesOnlyGet() async throws {
    try await ServerHarness().test { client in
      let (status, answer) = try await client.call(
        .post, "/emulator/v1/projects/demo-authflow/verificationCodes")
      #expect(status == 404)
      #expect(errorMessage(answer) == "Method not found.")
    }
  }
}
