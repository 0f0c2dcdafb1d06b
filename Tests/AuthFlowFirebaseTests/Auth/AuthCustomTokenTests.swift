import AuthFlowFirebase
import Foundation
import Testing

/// Custom tokens and custom claims through the SDK's API.
@Suite struct AuthCustomTokenTests {
  @Test func aCustomTokenSignsInAndItsClaimsAreInTheTokenResult() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let token = world.customToken(
      uid: "staff-42", claims: ["role": .string("support"), "level": .integer(3)])
    let result = try await auth.signIn(withCustomToken: token)
    #expect(result.user.uid == "staff-42")
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(result.additionalUserInfo?.providerID == "", "the SDK names no provider for a custom token")
    let tokenResult = try await result.user.getIDTokenResult()
    #expect(tokenResult.signInProvider == "custom")
    #expect(tokenResult.claims["role"] as? String == "support")
    #expect(tokenResult.claims["level"] as? Int == 3)
  }

  @Test func listsAndNestedClaimsReachTheTokenResultAsTheSDKHoldsThem() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let claims: [String: FirebaseWorld.ClaimValue] = [
      "roles": .list([.string("admin"), .string("editor")]),
      "org": .object(["id": .string("acme"), "seats": .integer(3), "trial": .bool(false)]),
    ]
    let result = try await auth.signIn(withCustomToken: world.customToken(uid: "staff-7", claims: claims))
    let tokenClaims = try await result.user.getIDTokenResult().claims
    #expect(tokenClaims["roles"] as? [String] == ["admin", "editor"])
    let org = try #require(tokenClaims["org"] as? [String: Any])
    #expect(org["id"] as? String == "acme")
    #expect(org["seats"] as? Int == 3)
    #expect(org["trial"] as? Bool == false)
  }

  @Test func adminClaimsShowAfterAForcedRefresh() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "ana@example.com", password: "Str0ng-pass", emailVerified: true)])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "ana@example.com", password: "Str0ng-pass").user
    #expect(world.admin(.setClaims(account: "ana@example.com", claims: ["admin": .bool(true)])))
    #expect(try await user.getIDTokenResult().claims["admin"] == nil)
    #expect(try await user.getIDTokenResult(forcingRefresh: true).claims["admin"] as? Bool == true)
  }

  @Test func aTokenWithoutAUidIsInvalid() async throws {
    let auth = FirebaseWorld().auth(for: "phone")
    let error = await thrownError { try await auth.signIn(withCustomToken: "not-a-token") }
    #expect(error?.code == AuthErrorCode.invalidCustomToken.rawValue)
  }

  /// Custom claims lie over the profile's `name` and `picture` but never replace the token's own claims, even
  /// where the account has no value for one (a custom `email` on a user without an email), as the emulator
  /// issues them; `serve` encodes the same payload.
  @Test func customClaimsNeverReplaceTheTokensOwn() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let token = world.customToken(
      uid: "staff-7", claims: ["email": .string("boss@example.com"), "name": .string("The Boss")])
    let user = try await auth.signIn(withCustomToken: token).user
    let claims = try await user.getIDTokenResult().claims
    #expect(user.email == nil)
    #expect(claims["email"] == nil && claims["email_verified"] == nil)
    #expect(claims["name"] as? String == "The Boss")
    #expect(claims["user_id"] as? String == "staff-7")
  }
}
