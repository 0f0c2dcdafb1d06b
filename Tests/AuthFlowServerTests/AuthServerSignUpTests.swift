import AuthFlowEngine
import Foundation
import HTTPTypes
import Testing

@testable import AuthFlowServer

/// The rules of `accounts:signUp`, `signInWithPassword`, `delete` and the project config that the emulator's
/// spec cases check (Tests/Server/test_spec_*.py ports them over HTTP).
@Suite struct AuthServerSignUpTests {
  private let owner: HTTPFields = [.authorization: "Bearer owner"]

  @Test func anOwnerSignUpCreatesTheAccountWithoutTokens() async throws {
    try await ServerHarness().test { client in
      let (status, created) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:signUp",
        #"{"localId":"haha","displayName":"Alice"}"#, headers: owner)
      #expect(status == 200)
      #expect(created["localId"] as? String == "haha")
      #expect(created["displayName"] as? String == "Alice")
      #expect(created["idToken"] == nil && created["refreshToken"] == nil)
      let (_, again) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:signUp", #"{"localId":"haha"}"#, headers: owner)
      #expect(errorMessage(again) == "DUPLICATE_LOCAL_ID")
    }
  }

  @Test func aClientNamesNoUidAndAnEmptyEmailIsNoGuest() async throws {
    try await ServerHarness().test { client in
      let (_, named) = try await client.post("accounts:signUp", #"{"localId":"anything"}"#)
      #expect(errorMessage(named) == "UNEXPECTED_PARAMETER : User ID")
      let (_, empty) = try await client.post("accounts:signUp", #"{"email":"","password":""}"#)
      #expect(errorMessage(empty) == "INVALID_EMAIL")
    }
  }

  @Test func aSignUpsFactorsAreOneANumberWithNewIDs() async throws {
    try await ServerHarness().test { client in
      let body = #"""
        {"email":"a@example.com","password":"notasecret","mfaInfo":[
          {"phoneInfo":"+15555550100","mfaEnrollmentId":"mine"},{"phoneInfo":"+15555550100"},
          {"phoneInfo":"+15555550101"}]}
        """#
      let (status, created) = try await client.post("accounts:signUp", body)
      #expect(status == 200)
      let uid = try #require(created["localId"] as? String)
      let (_, found) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:lookup", #"{"localId":["\#(uid)"]}"#,
        headers: owner)
      let user = try #require((found["users"] as? [[String: Any]])?.first)
      let factors = try #require(user["mfaInfo"] as? [[String: Any]])
      #expect(factors.compactMap { $0["phoneInfo"] as? String }.sorted() == ["+15555550100", "+15555550101"])
      #expect(!factors.contains { $0["mfaEnrollmentId"] as? String == "mine" })
    }
  }

  @Test func aGuestsTokenSaysAnonymousAsProviderID() async throws {
    try await ServerHarness().test { client in
      let (_, guest) = try await client.post("accounts:signUp", "{}")
      let token = try #require(guest["idToken"] as? String)
      let data = try #require(UnsignedJWT.payload(of: token))
      let claims = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(claims["provider_id"] as? String == "anonymous")
    }
  }

  /// A display name given at sign-up is the account's before its first token is minted, so that token names
  /// the user; a photo set later is `picture` in the tokens minted after it, as production's JWTs carry them.
  @Test func theFirstTokenNamesTheUserAndLaterOnesShowThePhoto() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"a@example.com","password":"secret-1","displayName":"Alice"}"#)
      let token = try #require(created["idToken"] as? String)
      let firstData = try #require(UnsignedJWT.payload(of: token))
      let first = try #require(try JSONSerialization.jsonObject(with: firstData) as? [String: Any])
      #expect(first["name"] as? String == "Alice")
      #expect(first["picture"] == nil)
      #expect(first["provider_id"] == nil)
      let (status, _) = try await client.post(
        "accounts:update", #"{"idToken":"\#(token)","photoUrl":"https://example.com/a.png"}"#)
      #expect(status == 200)
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"a@example.com","password":"secret-1"}"#)
      let later = try #require(signedIn["idToken"] as? String)
      let laterData = try #require(UnsignedJWT.payload(of: later))
      let claims = try #require(try JSONSerialization.jsonObject(with: laterData) as? [String: Any])
      #expect(claims["picture"] as? String == "https://example.com/a.png")
      #expect(claims["name"] as? String == "Alice")
    }
  }

  @Test func aMalformedEmailCannotSignInWithAPassword() async throws {
    try await ServerHarness().test { client in
      for email in ["ill-formatted-email", ""] {
        let (_, answer) = try await client.post(
          "accounts:signInWithPassword", #"{"email":"\#(email)","password":"notasecret"}"#)
        #expect(errorMessage(answer) == "INVALID_EMAIL")
      }
    }
  }

  @Test func anOwnerDeletesByUidOnly() async throws {
    try await ServerHarness().test { client in
      let (_, user) = try await client.post(
        "accounts:signUp", #"{"email":"a@example.com","password":"secret-1"}"#)
      let token = try #require(user["idToken"] as? String)
      let (_, answer) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:delete", #"{"idToken":"\#(token)"}"#,
        headers: owner)
      #expect(errorMessage(answer) == "MISSING_LOCAL_ID")
    }
  }

  @Test func oneEnrollmentIDForTwoNumbersIsRefused() async throws {
    try await ServerHarness().test { client in
      let (_, user) = try await client.post(
        "accounts:signUp", #"{"email":"a@example.com","password":"secret-1"}"#)
      let uid = try #require(user["localId"] as? String)
      let body = #"""
        {"localId":"\#(uid)","mfa":{"enrollments":[{"phoneInfo":"+15555550100","mfaEnrollmentId":"x"},
          {"phoneInfo":"+15555550101","mfaEnrollmentId":"x"}]}}
        """#
      let (_, duplicate) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:update", body, headers: owner)
      #expect(errorMessage(duplicate) == "DUPLICATE_MFA_ENROLLMENT_ID")
      let (_, null) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:update",
        #"{"localId":"\#(uid)","mfa":{"enrollments":null}}"#, headers: owner)
      #expect(errorMessage(null) == "Invalid JSON payload received. /mfa/enrollments must be array")
    }
  }

  @Test func theProjectConfigPatchFollowsItsMask() async throws {
    try await ServerHarness().test { client in
      let path = "/identitytoolkit.googleapis.com/v2/projects/demo/config"
      let body =
        #"{"emailPrivacyConfig":{"enableImprovedEmailPrivacy":false},"signIn":{"allowDuplicateEmails":true}}"#
      let (status, config) = try await client.call(
        .patch, path + "?updateMask=emailPrivacyConfig", body, headers: owner)
      #expect(status == 200)
      let privacy = config["emailPrivacyConfig"] as? [String: Any]
      #expect(privacy?["enableImprovedEmailPrivacy"] as? Bool == false)
      #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
    }
  }
}
