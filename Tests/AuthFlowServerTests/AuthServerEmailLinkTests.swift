import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// Passwordless sign-in over REST: `sendOobCode EMAIL_SIGNIN` and `accounts:signInWithEmailLink`.
@Suite struct AuthServerEmailLinkTests {
  private func newestCode(_ client: ServerHarness.Client) async throws -> [String: Any] {
    let (_, codes) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
    return try #require((codes["oobCodes"] as? [[String: Any]])?.last)
  }

  @Test func aLinkSignsUpANewUserOnceAndHidesItsEmailWhenChecked() async throws {
    try await ServerHarness().test { client in
      let (sent, _) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"Nia@example.com"}"#)
      #expect(sent == 200)
      let listed = try await newestCode(client)
      #expect(listed["requestType"] as? String == "EMAIL_SIGNIN")
      #expect((listed["oobLink"] as? String)?.contains("mode=signIn") == true)
      let code = try #require(listed["oobCode"] as? String)

      let (_, checked) = try await client.post("accounts:resetPassword", #"{"oobCode":"\#(code)"}"#)
      #expect(checked["requestType"] as? String == "EMAIL_SIGNIN")
      #expect(checked["email"] == nil)

      let (wrong, mismatch) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"eve@example.com","oobCode":"\#(code)"}"#)
      #expect(wrong == 400)
      #expect(
        errorMessage(mismatch)
          == "INVALID_EMAIL : The email provided does not match the sign-in email address.")
      let (status, session) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"nia@example.com","oobCode":"\#(code)"}"#)
      #expect(status == 200)
      #expect(session["isNewUser"] as? Bool == true)
      #expect(session["email"] as? String == "nia@example.com")
      #expect(session["idToken"] is String)
      #expect(session["refreshToken"] is String)
      let (_, reused) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"nia@example.com","oobCode":"\#(code)"}"#)
      #expect(errorMessage(reused) == "INVALID_OOB_CODE")
      let idToken = try #require(session["idToken"] as? String)
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect((lookup["users"] as? [[String: Any]])?.first?["emailVerified"] as? Bool == true)
    }
  }

  /// `link(with:)` for an email-link credential sends the guest's ID token: the guest keeps its uid and gains
  /// the address, verified; an address another account has is EMAIL_EXISTS.
  @Test func aLinkWithAnIDTokenUpgradesTheGuest() async throws {
    try await ServerHarness().test { client in
      let (_, guest) = try await client.post("accounts:signUp", "{}")
      let guestToken = try #require(guest["idToken"] as? String)
      let uid = try #require(guest["localId"] as? String)
      _ = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"gus@example.com"}"#)
      let code = try #require(try await newestCode(client)["oobCode"] as? String)
      let (status, linked) = try await client.post(
        "accounts:signInWithEmailLink",
        #"{"email":"gus@example.com","oobCode":"\#(code)","idToken":"\#(guestToken)"}"#)
      #expect(status == 200)
      #expect(linked["localId"] as? String == uid)
      #expect(linked["isNewUser"] as? Bool == false)
      let idToken = try #require(linked["idToken"] as? String)
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      let user = try #require((lookup["users"] as? [[String: Any]])?.first)
      #expect(user["email"] as? String == "gus@example.com" && user["emailVerified"] as? Bool == true)

      let (_, other) = try await client.post("accounts:signUp", "{}")
      let otherToken = try #require(other["idToken"] as? String)
      _ = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"gus@example.com"}"#)
      let second = try #require(try await newestCode(client)["oobCode"] as? String)
      let (_, taken) = try await client.post(
        "accounts:signInWithEmailLink",
        #"{"email":"gus@example.com","oobCode":"\#(second)","idToken":"\#(otherToken)"}"#)
      #expect(errorMessage(taken) == "EMAIL_EXISTS")
    }
  }

  @Test func missingFieldsAreNamed() async throws {
    try await ServerHarness().test { client in
      let (_, noEmail) = try await client.post("accounts:signInWithEmailLink", #"{"oobCode":"abc"}"#)
      #expect(errorMessage(noEmail) == "MISSING_EMAIL")
      let (_, noCode) = try await client.post("accounts:signInWithEmailLink", #"{"email":"a@example.com"}"#)
      #expect(errorMessage(noCode) == "MISSING_OOB_CODE")
      let (_, unknown) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"a@example.com","oobCode":"nope"}"#)
      #expect(errorMessage(unknown) == "INVALID_OOB_CODE")
    }
  }

  /// The Admin SDK's `generateSignInWithEmailLink` works for an address with no account yet.
  @Test func theAdminSDKGeneratesALinkForAnyAddress() async throws {
    try await ServerHarness().test { client in
      let (status, generated) = try await client.admin(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:sendOobCode",
        #"{"requestType":"EMAIL_SIGNIN","email":"new@example.com","returnOobLink":true}"#)
      #expect(status == 200)
      let code = try #require(generated["oobCode"] as? String)
      #expect((generated["oobLink"] as? String)?.contains("mode=signIn") == true)
      let (signedIn, _) = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"new@example.com","oobCode":"\#(code)"}"#)
      #expect(signedIn == 200)
    }
  }
}

extension AuthServerEmailLinkTests {
  /// Android's SDK sends enums as numbers; protobuf JSON allows either.
  @Test func aNumericRequestTypeIsReadAsItsName() async throws {
    try await ServerHarness().test { client in
      let (status, _) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":6,"email":"nia@example.com"}"#)
      #expect(status == 200)
      let (_, codes) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
      #expect((codes["oobCodes"] as? [[String: Any]])?.first?["requestType"] as? String == "EMAIL_SIGNIN")
      let (_, unspecified) = try await client.post("accounts:sendOobCode", #"{"requestType":0}"#)
      #expect(errorMessage(unspecified) == "MISSING_REQ_TYPE")
    }
  }
}

extension AuthServerEmailLinkTests {
  /// `createAuthUri` (fetchSignInMethods): the session id comes back, the continue URI must be absolute, and an
  /// account that signed in with a link lists `emailLink` (its provider is still `password`).
  @Test func createAuthUriNamesTheEmailLinkMethod() async throws {
    var settings = BackendSettings()
    settings.emailEnumerationProtection = false
    try await ServerHarness(settings: settings).test { client in
      _ = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"EMAIL_SIGNIN","email":"nia@example.com"}"#)
      let (_, codes) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
      let code = try #require((codes["oobCodes"] as? [[String: Any]])?.first?["oobCode"] as? String)
      _ = try await client.post(
        "accounts:signInWithEmailLink", #"{"email":"nia@example.com","oobCode":"\#(code)"}"#)
      let (_, methods) = try await client.post(
        "accounts:createAuthUri",
        #"{"identifier":"nia@example.com","continueUri":"http://localhost/","sessionId":"s-1"}"#)
      #expect(methods["sessionId"] as? String == "s-1")
      #expect(methods["signinMethods"] as? [String] == ["emailLink"])
      #expect(methods["allProviders"] as? [String] == ["password"])
      let (_, relative) = try await client.post(
        "accounts:createAuthUri", #"{"identifier":"nia@example.com","continueUri":"not a uri"}"#)
      #expect(errorMessage(relative) == "INVALID_CONTINUE_URI")
      let (_, missing) = try await client.post("accounts:createAuthUri", #"{"identifier":"nia@example.com"}"#)
      #expect(errorMessage(missing) == "MISSING_CONTINUE_URI")
    }
  }
}
