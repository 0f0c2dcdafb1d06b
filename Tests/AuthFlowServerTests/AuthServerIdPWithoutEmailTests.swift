import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// `signInWithIdp` with an IdP token that carries no email (a GitHub account with a private email, an Apple
/// user who hides it): production signs in by the subject alone, to an account without an email.
@Suite struct AuthServerIdPWithoutEmailTests {
  private func signIn(_ client: ServerHarness.Client, _ claims: String, provider: String = "github.com")
    async throws -> (Int, [String: Any])
  {
    let postBody =
      "id_token=" + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      + "&providerId=\(provider)"
    return try await client.post(
      "accounts:signInWithIdp", #"{"postBody":"\#(postBody)","requestUri":"http://localhost"}"#)
  }

  @Test func anIdPAccountWithoutEmailSignsInTwiceToOneAccountWithoutEmail() async throws {
    try await ServerHarness().test { client in
      let (status, first) = try await signIn(client, #"{"sub":"gh-42","name":"Octo Cat"}"#)
      #expect(status == 200)
      #expect(first["isNewUser"] as? Bool == true)
      #expect(first["email"] == nil)
      #expect(first["displayName"] as? String == "Octo Cat")
      let uid = try #require(first["localId"] as? String)
      let (_, second) = try await signIn(client, #"{"sub":"gh-42"}"#)
      #expect(second["localId"] as? String == uid)
      #expect(second["isNewUser"] as? Bool == false)
      let idToken = try #require(second["idToken"] as? String)
      let (_, found) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      let user = try #require((found["users"] as? [[String: Any]])?.first)
      #expect(user["localId"] as? String == uid)
      #expect(user["email"] == nil)
      let providers = try #require(user["providerUserInfo"] as? [[String: Any]])
      #expect(providers.count == 1)
      #expect(providers.first?["providerId"] as? String == "github.com")
      #expect(providers.first?["rawId"] as? String == "gh-42")
      #expect(providers.first?["email"] == nil)
      // Another subject without an email is another account.
      let (_, other) = try await signIn(client, #"{"sub":"gh-43"}"#)
      #expect(other["localId"] as? String != uid)
      #expect(other["isNewUser"] as? Bool == true)
    }
  }

  @Test func withoutAnEmailThereIsNoCollisionAndNoTakeover() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"me@example.com","password":"secret-1"}"#)
      let uid = try #require(created["localId"] as? String)
      // An untrusted provider with an email would need confirmation; without one it cannot collide.
      let (_, github) = try await signIn(client, #"{"sub":"gh-7"}"#)
      #expect(github["needConfirmation"] == nil)
      #expect(github["localId"] as? String != uid)
      // Apple is trusted, but without an email it takes nothing over.
      let (_, apple) = try await signIn(
        client, #"{"sub":"apple-7","email_verified":true}"#, provider: "apple.com")
      #expect(apple["localId"] as? String != uid)
      let (_, password) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"me@example.com","password":"secret-1"}"#)
      #expect(password["localId"] as? String == uid)
    }
  }

  @Test func aSignedInUserLinksAnIdPAccountWithoutEmailAndKeepsItsOwn() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"me@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let claims = #"{"sub":"gh-9"}"#
      let postBody =
        "id_token=" + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        + "&providerId=github.com"
      let (status, linked) = try await client.post(
        "accounts:signInWithIdp",
        #"{"postBody":"\#(postBody)","requestUri":"http://localhost","idToken":"\#(idToken)"}"#)
      #expect(status == 200)
      #expect(linked["email"] as? String == "me@example.com")
      let (_, again) = try await signIn(client, claims)
      #expect(again["localId"] as? String == created["localId"] as? String)
    }
  }

  @Test func aTokenWithNeitherSubjectNorEmailIsRefused() async throws {
    try await ServerHarness().test { client in
      let (status, refused) = try await signIn(client, #"{"name":"Nobody"}"#)
      #expect(status == 400)
      #expect(errorMessage(refused)?.hasPrefix("INVALID_IDP_RESPONSE") == true)
    }
  }
}
