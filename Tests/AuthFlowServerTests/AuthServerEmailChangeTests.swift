import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import HTTPTypes
import Testing

@testable import AuthFlowServer

/// The REST shapes of an email change: `sendOobCode VERIFY_AND_CHANGE_EMAIL`, the code applied with
/// `accounts:update {oobCode}`, `resetPassword {oobCode}` reporting what a code is for, and `update {email}`.
@Suite struct AuthServerEmailChangeTests {
  private func oobCodes(_ client: ServerHarness.Client) async throws -> [[String: Any]] {
    let (_, codes) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
    return codes["oobCodes"] as? [[String: Any]] ?? []
  }

  @Test func verifyAndChangeEmailThenRecover() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let (missing, noNewEmail) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"VERIFY_AND_CHANGE_EMAIL","idToken":"\#(idToken)"}"#)
      #expect(missing == 400)
      #expect(errorMessage(noNewEmail) == "MISSING_NEW_EMAIL")
      let (sent, answer) = try await client.post(
        "accounts:sendOobCode",
        #"{"requestType":"VERIFY_AND_CHANGE_EMAIL","idToken":"\#(idToken)","newEmail":"New@example.com"}"#)
      #expect(sent == 200)
      #expect(answer["email"] as? String == "c@example.com")

      let listed = try #require(try await oobCodes(client).first)
      #expect(listed["requestType"] as? String == "VERIFY_AND_CHANGE_EMAIL")
      #expect(listed["email"] as? String == "c@example.com")
      #expect(listed["newEmail"] as? String == "new@example.com")
      #expect((listed["oobLink"] as? String)?.contains("mode=verifyAndChangeEmail") == true)
      let code = try #require(listed["oobCode"] as? String)

      let (_, checked) = try await client.post("accounts:resetPassword", #"{"oobCode":"\#(code)"}"#)
      #expect(checked["requestType"] as? String == "VERIFY_AND_CHANGE_EMAIL")
      #expect(checked["email"] as? String == "c@example.com")
      #expect(checked["newEmail"] as? String == "new@example.com")

      let (applied, changed) = try await client.post("accounts:update", #"{"oobCode":"\#(code)"}"#)
      #expect(applied == 200)
      #expect(changed["email"] as? String == "new@example.com")
      #expect(changed["emailVerified"] as? Bool == true)
      // The change revoked every session: the old ID token no longer works.
      let (revoked, _) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect(revoked == 400)

      let recover = try #require(try await oobCodes(client).last)
      #expect(recover["requestType"] as? String == "RECOVER_EMAIL")
      #expect(recover["email"] as? String == "c@example.com")
      let recoverCode = try #require(recover["oobCode"] as? String)
      let (_, restored) = try await client.post("accounts:update", #"{"oobCode":"\#(recoverCode)"}"#)
      #expect(restored["email"] as? String == "c@example.com")
      let (signedIn, _) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"c@example.com","password":"secret-1"}"#)
      #expect(signedIn == 200)
    }
  }

  /// Production reports what a code is for when `resetPassword` checks it; a verification code is not a reset.
  @Test func checkingAVerificationCodeReportsVerifyEmail() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      _ = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)"}"#)
      let code = try #require(try await oobCodes(client).first?["oobCode"] as? String)
      let (_, checked) = try await client.post("accounts:resetPassword", #"{"oobCode":"\#(code)"}"#)
      #expect(checked["requestType"] as? String == "VERIFY_EMAIL")
      #expect(checked["email"] as? String == "c@example.com")
      let (status, refused) = try await client.post(
        "accounts:resetPassword", #"{"oobCode":"\#(code)","newPassword":"secret-2"}"#)
      #expect(status == 400)
      #expect(errorMessage(refused) == "INVALID_OOB_CODE")
    }
  }

  /// `update {idToken, email}` (the SDKs' `updateEmail`): production refuses it under enumeration protection;
  /// the emulator allows it.
  @Test(arguments: [true, false])
  func updateEmailDependsOnEnumerationProtection(protection: Bool) async throws {
    var settings = BackendSettings()
    settings.emailEnumerationProtection = protection
    try await ServerHarness(settings: settings).test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let (status, answer) = try await client.post(
        "accounts:update", #"{"idToken":"\#(idToken)","email":"new@example.com"}"#)
      if protection {
        #expect(status == 400)
        #expect(
          errorMessage(answer) == "OPERATION_NOT_ALLOWED : Please verify the new email before changing email."
        )
      } else {
        #expect(status == 200)
        #expect(answer["email"] as? String == "new@example.com")
        #expect(answer["emailVerified"] as? Bool == false)
        let fresh = try #require(answer["idToken"] as? String)
        let (looked, _) = try await client.post("accounts:lookup", #"{"idToken":"\#(fresh)"}"#)
        #expect(looked == 200)
        #expect(try await oobCodes(client).last?["requestType"] as? String == "RECOVER_EMAIL")
      }
    }
  }

  /// `updateUser(uid, {email})` (`update {localId, email}` as the Admin SDK): the new address is unverified
  /// unless the call says otherwise, nothing is emailed, and every session is revoked (`validSince` moves).
  @Test func anAdminEmailChangeUnverifiesTheAddressAndRevokesEverySession() async throws {
    try await ServerHarness().test { client in
      let owner: HTTPFields = [.authorization: "Bearer owner"]
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let uid = try #require(created["localId"] as? String)
      let idToken = try #require(created["idToken"] as? String)
      let refresh = try #require(created["refreshToken"] as? String)
      func user() async throws -> [String: Any] {
        let (_, found) = try await client.call(
          .post, "/identitytoolkit.googleapis.com/v1/accounts:lookup", #"{"localId":["\#(uid)"]}"#,
          headers: owner)
        return try #require((found["users"] as? [[String: Any]])?.first)
      }
      _ = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:update",
        #"{"localId":"\#(uid)","emailVerified":true}"#, headers: owner)
      let validSince = try #require(try await user()["validSince"] as? String)
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"1m"}"#)

      let (status, answer) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:update",
        #"{"localId":"\#(uid)","email":"New@example.com"}"#, headers: owner)
      #expect(status == 200, "\(answer)")
      let changed = try await user()
      #expect(changed["email"] as? String == "new@example.com")
      #expect(changed["emailVerified"] as? Bool == false)
      #expect(Int(changed["validSince"] as? String ?? "") == (Int(validSince) ?? 0) + 60)
      let (looked, _) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect(looked == 400)
      let (_, refreshed) = try await client.call(
        .post, "/securetoken.googleapis.com/v1/token?key=fake-api-key",
        "grant_type=refresh_token&refresh_token=\(refresh)",
        headers: [.contentType: "application/x-www-form-urlencoded"])
      #expect(errorMessage(refreshed) == "TOKEN_EXPIRED")
      #expect(try await oobCodes(client).isEmpty)

      // The same call may say the new address is verified; the same address again changes nothing.
      _ = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:update",
        #"{"localId":"\#(uid)","email":"third@example.com","emailVerified":true}"#, headers: owner)
      #expect(try await user()["emailVerified"] as? Bool == true)
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"third@example.com","password":"secret-1"}"#)
      let fresh = try #require(signedIn["idToken"] as? String, "\(signedIn)")
      _ = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:update",
        #"{"localId":"\#(uid)","email":"Third@example.com"}"#, headers: owner)
      #expect(try await user()["emailVerified"] as? Bool == true)
      let (stillValid, _) = try await client.post("accounts:lookup", #"{"idToken":"\#(fresh)"}"#)
      #expect(stillValid == 200)
    }
  }

  @Test func theActionPageAppliesAnEmailChange() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      _ = try await client.post(
        "accounts:sendOobCode",
        #"{"requestType":"VERIFY_AND_CHANGE_EMAIL","idToken":"\#(idToken)","newEmail":"new@example.com"}"#)
      let code = try #require(try await oobCodes(client).first?["oobCode"] as? String)
      let (status, _) = try await client.call(
        .get, "/emulator/action?mode=verifyAndChangeEmail&oobCode=\(code)&apiKey=fake-api-key")
      #expect(status == 200)
      let (signedIn, _) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"new@example.com","password":"secret-1"}"#)
      #expect(signedIn == 200)
    }
  }
}
