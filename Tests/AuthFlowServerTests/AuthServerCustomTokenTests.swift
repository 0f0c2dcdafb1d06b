import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// Custom tokens and custom claims over REST: `signInWithCustomToken`, `customAttributes`, claims in ID tokens.
@Suite struct AuthServerCustomTokenTests {
  private func jwt(_ payload: String) -> String {
    UnsignedJWT.encode(Data(payload.utf8))
  }

  private func claims(ofIDToken token: String) throws -> [String: Any] {
    let data = try #require(UnsignedJWT.payload(of: token))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func aCustomTokenSignsInAndItsClaimsAreInTheIDToken() async throws {
    let token = jwt(#"{"uid":"staff-42","claims":{"role":"support","level":3,"beta":true}}"#)
    try await ServerHarness().test { client in
      let (status, session) = try await client.post(
        "accounts:signInWithCustomToken", #"{"token":"\#(token)"}"#)
      #expect(status == 200)
      #expect(session["isNewUser"] as? Bool == true)
      #expect(session["localId"] as? String == "staff-42")
      let claims = try self.claims(ofIDToken: try #require(session["idToken"] as? String))
      #expect(claims["role"] as? String == "support")
      #expect(claims["level"] as? Int == 3)
      #expect(claims["beta"] as? Bool == true)
      #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "custom")
    }
  }

  @Test func badTokensAndClaimsAreNamedAsTheServiceNamesThem() async throws {
    try await ServerHarness().test { client in
      let (_, missing) = try await client.post("accounts:signInWithCustomToken", "{}")
      #expect(errorMessage(missing) == "MISSING_CUSTOM_TOKEN")
      let (_, garbage) = try await client.post("accounts:signInWithCustomToken", #"{"token":"not-a-jwt"}"#)
      #expect(errorMessage(garbage)?.hasPrefix("INVALID_CUSTOM_TOKEN") == true)
      let reserved = jwt(#"{"uid":"a","claims":{"sub":"x"}}"#)
      let (_, forbidden) = try await client.post(
        "accounts:signInWithCustomToken", #"{"token":"\#(reserved)"}"#)
      #expect(errorMessage(forbidden) == "FORBIDDEN_CLAIM : sub")
    }
  }

  /// Production refuses a custom token whose `exp` is more than an hour after its `iat`, or not after it.
  @Test func aTokenLivingLongerThanAnHourIsRefused() async throws {
    try await ServerHarness().test { client in
      for (iat, exp, accepted) in [
        (1000, 4600, true), (1000, 4601, false), (1000, 1000, false), (1000, 900, false),
      ] {
        let token = jwt(#"{"uid":"u-\#(exp)","iat":\#(iat),"exp":\#(exp)}"#)
        let (status, answer) = try await client.post(
          "accounts:signInWithCustomToken", #"{"token":"\#(token)"}"#)
        #expect((status == 200) == accepted, "iat \(iat), exp \(exp)")
        if !accepted { #expect(errorMessage(answer)?.hasPrefix("INVALID_CUSTOM_TOKEN") == true) }
      }
    }
  }

  @Test func customAttributesAreCheckedKeptAndReturnedByLookup() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let uid = try #require(created["localId"] as? String)
      let admin = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:update"
      let tooLarge = String(repeating: "x", count: 1000)
      let (_, large) = try await client.admin(
        .post, admin, #"{"localId":"\#(uid)","customAttributes":"{\"a\":\"\#(tooLarge)\"}"}"#)
      #expect(errorMessage(large) == "CLAIMS_TOO_LARGE")
      let (_, invalid) = try await client.admin(
        .post, admin, #"{"localId":"\#(uid)","customAttributes":"[1]"}"#)
      #expect(errorMessage(invalid) == "INVALID_CLAIMS")
      let (status, _) = try await client.admin(
        .post, admin, #"{"localId":"\#(uid)","customAttributes":"{\"role\":\"editor\"}"}"#)
      #expect(status == 200)
      let (_, found) = try await client.admin(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
        #"{"localId":["\#(uid)"]}"#)
      let user = try #require((found["users"] as? [[String: Any]])?.first)
      #expect(user["customAttributes"] as? String == #"{"role":"editor"}"#)
      #expect(user["validSince"] as? String == "1767225600")
    }
  }
}
