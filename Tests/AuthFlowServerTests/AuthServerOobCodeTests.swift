import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Hummingbird
import Testing

@testable import AuthFlowServer

/// `accounts:sendOobCode` and `accounts:resetPassword` as the emulator's oob cases check them, and the other
/// answers those ports found: the project's configuration, full pages, unmasked factor numbers.
@Suite struct AuthServerOobCodeTests {
  private let owner: HTTPFields = [.authorization: "Bearer owner"]
  private let send = "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode"

  private var unprotected: BackendSettings {
    var settings = BackendSettings()
    settings.emailEnumerationProtection = false
    return settings
  }

  private func signUp(_ client: ServerHarness.Client, _ email: String) async throws -> String {
    let (_, created) = try await client.post(
      "accounts:signUp", #"{"email":"\#(email)","password":"secret-1"}"#)
    return try #require(created["idToken"] as? String)
  }

  @Test func anAdminResetLinkForAnUnknownEmailIsEmailNotFoundOrNothingUnderProtection() async throws {
    let body = #"{"requestType":"PASSWORD_RESET","email":"nobody@example.com","returnOobLink":true}"#
    try await ServerHarness(settings: unprotected).test { client in
      let (status, answer) = try await client.call(.post, send, body, headers: owner)
      #expect(status == 400)
      #expect(errorMessage(answer) == "EMAIL_NOT_FOUND")
    }
    try await ServerHarness().test { client in
      let (status, answer) = try await client.call(.post, send, body, headers: owner)
      #expect(status == 200)
      #expect(answer["email"] as? String == "nobody@example.com")
      #expect(answer["oobCode"] == nil)
      #expect(answer["oobLink"] == nil)
    }
  }

  @Test func anAdminVerificationLinkNamesItsAccountByIDToken() async throws {
    try await ServerHarness().test { client in
      let token = try await signUp(client, "v@example.com")
      let (status, answer) = try await client.call(
        .post, send, #"{"requestType":"VERIFY_EMAIL","idToken":"\#(token)","returnOobLink":true}"#,
        headers: owner)
      #expect(status == 200)
      #expect(answer["email"] as? String == "v@example.com")
      #expect(answer["oobCode"] is String)
    }
  }

  @Test func theRequestIsCheckedAsTheServiceChecksIt() async throws {
    try await ServerHarness().test { client in
      let token = try await signUp(client, "c@example.com")
      let (_, badURL) = try await client.post(
        "accounts:sendOobCode",
        #"{"requestType":"VERIFY_EMAIL","idToken":"\#(token)","continueUrl":"nowhere"}"#)
      #expect(errorMessage(badURL) == "INVALID_CONTINUE_URI")
      let (_, noToken) = try await client.post(
        "accounts:sendOobCode",
        #"{"requestType":"VERIFY_AND_CHANGE_EMAIL","email":"c@example.com","newEmail":"d@example.com"}"#)
      #expect(errorMessage(noToken) == "MISSING_ID_TOKEN")
      let (_, guest) = try await client.post("accounts:signUp", "{}")
      let guestToken = try #require(guest["idToken"] as? String)
      let (_, noEmail) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"VERIFY_EMAIL","idToken":"\#(guestToken)"}"#)
      #expect(errorMessage(noEmail) == "MISSING_EMAIL")
    }
  }

  @Test func resetPasswordIsRefusedWhenPasswordSignInIsOff() async throws {
    var settings = BackendSettings()
    settings.signInMethods.removeAll { $0 == "password" }
    try await ServerHarness(settings: settings).test { client in
      let (_, answer) = try await client.post("accounts:resetPassword", "{}")
      #expect(errorMessage(answer) == "PASSWORD_LOGIN_DISABLED")
    }
  }

  @Test func theV2ConfigChangesOnlyWhatTheMaskNames() async throws {
    try await ServerHarness().test { client in
      let config = "/identitytoolkit.googleapis.com/v2/projects/demo-authflow/config"
      let body =
        #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false},"signIn":{"allowDuplicateEmails":true}}"#
      let (status, answer) = try await client.call(
        .patch, "\(config)?updateMask=emailPrivacyConfig", body, headers: owner)
      #expect(status == 200)
      #expect(
        (answer["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool == false)
      #expect((answer["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
    }
  }

  @Test func aFullPageCarriesAPageTokenEvenWhenNothingFollows() async throws {
    try await ServerHarness().test { client in
      _ = try await signUp(client, "a@example.com")
      let batchGet = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchGet"
      let (_, full) = try await client.admin(.get, "\(batchGet)?maxResults=1")
      let token = try #require(full["nextPageToken"] as? String)
      let (_, empty) = try await client.admin(.get, "\(batchGet)?maxResults=1&nextPageToken=\(token)")
      #expect((empty["users"] as? [Any] ?? []).isEmpty)
      #expect(empty["nextPageToken"] == nil)
    }
  }

  private static func jwt(_ payload: String) -> String {
    UnsignedJWT.encode(Data(payload.utf8))
  }

  @Test func aCustomTokenForAnotherAudienceOrWithoutUidIsRefused() async throws {
    let jwt = Self.jwt
    try await ServerHarness().test { client in
      let elsewhere = jwt(#"{"uid":"a","aud":"http://localhost/elsewhere"}"#)
      let (_, wrong) = try await client.post("accounts:signInWithCustomToken", #"{"token":"\#(elsewhere)"}"#)
      #expect(errorMessage(wrong)?.hasPrefix("INVALID_CUSTOM_TOKEN") == true)
      let anonymous = jwt(#"{"aud":"\#(AuthServer.customTokenAudience)"}"#)
      let (_, missing) = try await client.post(
        "accounts:signInWithCustomToken", #"{"token":"\#(anonymous)"}"#)
      #expect(errorMessage(missing) == "MISSING_IDENTIFIER")
      let addressed = jwt(#"{"uid":"b","aud":"\#(AuthServer.customTokenAudience)"}"#)
      let (status, _) = try await client.post("accounts:signInWithCustomToken", #"{"token":"\#(addressed)"}"#)
      #expect(status == 200)
    }
  }

  @Test func anEmailLinkForAnotherAddressSaysSo() async throws {
    try await ServerHarness().test { client in
      let (_, link) = try await client.call(
        .post, send, #"{"requestType":"EMAIL_SIGNIN","email":"a@example.com","returnOobLink":true}"#,
        headers: owner)
      let code = try #require(link["oobCode"] as? String)
      let (_, answer) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"b@example.com","oobCode":"\#(code)"}"#)
      #expect(
        errorMessage(answer) == "INVALID_EMAIL : The email provided does not match the sign-in email address."
      )
      let (_, signedIn) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"a@example.com","oobCode":"\#(code)"}"#)
      let uid = try #require(signedIn["localId"] as? String)
      let (_, found) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:lookup", #"{"localId":["\#(uid)"]}"#,
        headers: owner)
      #expect((found["users"] as? [[String: Any]])?.first?["emailLinkSignin"] as? Bool == true)
    }
  }
}
