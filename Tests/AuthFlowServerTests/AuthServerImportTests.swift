import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// `accounts:batchCreate` (the Admin SDK's `importUsers`): what is imported, what is refused, and that the
/// imported accounts then sign in.
@Suite struct AuthServerImportTests {
  private static let batchCreate =
    "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchCreate"

  private func lookup(_ client: ServerHarness.Client, _ uid: String) async throws -> [String: Any] {
    let (_, found) = try await client.call(
      .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
      #"{"localId":["\#(uid)"]}"#)
    return try #require((found["users"] as? [[String: Any]])?.first)
  }

  private func errors(_ json: [String: Any]) -> [Int: String] {
    var byIndex: [Int: String] = [:]
    for entry in json["error"] as? [[String: Any]] ?? [] {
      if let index = entry["index"] as? Int { byIndex[index] = entry["message"] as? String }
    }
    return byIndex
  }

  @Test func importedUsersKeepTheirFieldsAndSignInWithTheirPasswords() async throws {
    // The Admin SDKs send the hash's bytes as base64; the emulator's REST tests send the text itself.
    let encoded = Data("fakeHash:salt=beach:password=hawaii-1".utf8).base64EncodedString()
    let salt = Data("beach".utf8).base64EncodedString()
    let body = """
      {"hashAlgorithm":"HMAC_SHA256","signerKey":"a2V5","users":[
        {"localId":"u1","email":"One@Example.com","emailVerified":true,"displayName":"One","photoUrl":"https://p/1.png",
         "phoneNumber":"+15555550101","customAttributes":"{\\"role\\":\\"admin\\"}","createdAt":"1600000000000",
         "lastLoginAt":"1600000500000","passwordHash":"\(encoded)","salt":"\(salt)"},
        {"localId":"u2","email":"two@example.com","passwordHash":"fakeHash:salt=s:password=secret-2","salt":"s"},
        {"localId":"u3","email":"three@example.com","rawPassword":"secret-3","disabled":true}]}
      """
    try await ServerHarness().test { client in
      let (status, answer) = try await client.call(.post, Self.batchCreate, body)
      #expect(status == 200)
      #expect(self.errors(answer).isEmpty)
      let one = try await self.lookup(client, "u1")
      #expect(one["email"] as? String == "one@example.com")
      #expect(one["emailVerified"] as? Bool == true)
      #expect(one["displayName"] as? String == "One")
      #expect(one["photoUrl"] as? String == "https://p/1.png")
      #expect(one["phoneNumber"] as? String == "+15555550101")
      #expect(one["customAttributes"] as? String == #"{"role":"admin"}"#)
      #expect(one["createdAt"] as? String == "1600000000000")
      #expect(one["lastLoginAt"] as? String == "1600000500000")
      for (email, password, uid) in [
        ("one@example.com", "hawaii-1", "u1"), ("two@example.com", "secret-2", "u2"),
      ] {
        let (signedIn, session) = try await client.post(
          "accounts:signInWithPassword", #"{"email":"\#(email)","password":"\#(password)"}"#)
        #expect(signedIn == 200)
        #expect(session["localId"] as? String == uid)
      }
      let (_, disabled) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"three@example.com","password":"secret-3"}"#)
      #expect(errorMessage(disabled) == "USER_DISABLED")
    }
  }

  @Test func eachBadUserIsReportedAndTheOthersAreImported() async throws {
    let body = """
      {"users":[
        {"email":"nouid@example.com"},
        {"localId":"ok"},
        {"localId":"bad-email","email":"not#an$email"},
        {"localId":"bad-phone","phoneNumber":"555"},
        {"localId":"bad-claims","customAttributes":"not json"},
        {"localId":"reserved","customAttributes":"{\\"sub\\":\\"x\\"}"},
        {"localId":"no-raw-id","providerUserInfo":[{"providerId":"google.com"}]},
        {"localId":"real-hash","email":"r@example.com","passwordHash":"T8cY66FE7V0ejwZqdYH6Og==","salt":"bnRl"},
        {"localId":"salt","email":"s@example.com","passwordHash":"fakeHash:salt=a:password=secret-9","salt":"b"},
        {"localId":"factors","email":"f@example.com","mfaInfo":[{"phoneInfo":"+15555550109"}]},
        {"localId":"ok-too","email":"ok@example.com"}]}
      """
    try await ServerHarness().test { client in
      let (status, answer) = try await client.call(.post, Self.batchCreate, body)
      #expect(status == 200)
      let errors = self.errors(answer)
      #expect(errors[0] == "localId is missing")
      #expect(errors[2] == "email is invalid")
      #expect(errors[3] == "phone number format is invalid")
      #expect(errors[4] == "Invalid custom claims provided.")
      #expect(errors[5] == "Custom claims provided include a reserved claim.")
      #expect(errors[6] == "federatedId or (providerId & rawId) is required")
      #expect(errors[7]?.hasPrefix("authflow checks only") == true)
      #expect(errors[8]?.contains("salt") == true)
      #expect(errors[9]?.contains("second factors") == true)
      #expect(errors.count == 9)
      let indices = (answer["error"] as? [[String: Any]] ?? []).compactMap { $0["index"] as? Int }
      #expect(indices == indices.sorted())
      _ = try await self.lookup(client, "ok")
      _ = try await self.lookup(client, "ok-too")
      let (_, missing) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
        #"{"localId":["bad-email"]}"#)
      #expect(missing["users"] == nil)
    }
  }

  @Test func wholeRequestProblemsRefuseEveryUser() async throws {
    try await ServerHarness().test { client in
      let (_, empty) = try await client.call(.post, Self.batchCreate, #"{"users":[]}"#)
      #expect(errorMessage(empty) == "MISSING_USER_ACCOUNT")
      let many = (0...AuthServer.importLimit).map { #"{"localId":"u\#($0)"}"# }.joined(separator: ",")
      let (_, tooMany) = try await client.call(.post, Self.batchCreate, #"{"users":[\#(many)]}"#)
      #expect(errorMessage(tooMany)?.hasPrefix("INVALID_ARGUMENT") == true)
      let (status, duplicate) = try await client.call(
        .post, Self.batchCreate, #"{"users":[{"localId":"a","email":"a1@example.com"},{"localId":"a"}]}"#)
      #expect(status == 400)
      #expect(errorMessage(duplicate) == "DUPLICATE_LOCAL_ID : a")
      let (_, sameEmail) = try await client.call(
        .post, Self.batchCreate,
        #"{"sanityCheck":true,"users":[{"localId":"b","email":"x@example.com"},{"localId":"c","email":"X@example.com"}]}"#
      )
      #expect(errorMessage(sameEmail) == "DUPLICATE_EMAIL : X@example.com")
      let google = #"[{"providerId":"google.com","rawId":"g-1"}]"#
      let (_, sameIdentity) = try await client.call(
        .post, Self.batchCreate,
        #"{"sanityCheck":true,"users":[{"localId":"d","providerUserInfo":\#(google)},{"localId":"e","providerUserInfo":\#(google)}]}"#
      )
      #expect(errorMessage(sameIdentity) == "DUPLICATE_RAW_ID : Provider id(google.com), Raw id(g-1)")
      // Nothing of a refused request is imported.
      let (_, listed) = try await client.call(
        .get, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchGet")
      #expect((listed["users"] as? [Any])?.isEmpty ?? true)
      // Only the Admin SDK imports.
      let (notFound, _) = try await client.post("accounts:batchCreate", #"{"users":[{"localId":"z"}]}"#)
      #expect(notFound == 404)
    }
  }

  @Test func allowOverwriteLetsTheLaterOfTwoUsersWithOneUidWin() async throws {
    try await ServerHarness().test { client in
      let (status, answer) = try await client.call(
        .post, Self.batchCreate,
        #"{"allowOverwrite":true,"users":[{"localId":"a","email":"first@example.com"},{"localId":"a","email":"second@example.com"}]}"#
      )
      #expect(status == 200)
      #expect(self.errors(answer).isEmpty)
      #expect(try await self.lookup(client, "a")["email"] as? String == "second@example.com")
    }
  }

  @Test func anExistingUidIsReplacedAndItsSessionsRevoked() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"old@example.com","password":"secret-1"}"#)
      let uid = try #require(created["localId"] as? String)
      let refreshToken = try #require(created["refreshToken"] as? String)
      let (status, answer) = try await client.call(
        .post, Self.batchCreate, #"{"users":[{"localId":"\#(uid)","email":"new@example.com"}]}"#)
      #expect(status == 200)
      #expect(self.errors(answer).isEmpty)
      let user = try await self.lookup(client, uid)
      #expect(user["email"] as? String == "new@example.com")
      #expect(user["passwordHash"] == nil)
      let (_, oldPassword) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"old@example.com","password":"secret-1"}"#)
      #expect(errorMessage(oldPassword) == "INVALID_LOGIN_CREDENTIALS")
      let (_, refreshed) = try await client.call(
        .post, "/securetoken.googleapis.com/v1/token",
        #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#)
      #expect(errorMessage(refreshed) == "TOKEN_EXPIRED")
    }
  }

  @Test func anEmailAnotherAccountHasIsImportedUnlessSanityChecked() async throws {
    try await ServerHarness().test { client in
      _ = try await client.post("accounts:signUp", #"{"email":"taken@example.com","password":"secret-1"}"#)
      let (_, checked) = try await client.call(
        .post, Self.batchCreate,
        #"{"sanityCheck":true,"users":[{"localId":"dup","email":"taken@example.com"}]}"#)
      #expect(self.errors(checked) == [0: "email exists in other account in database"])
      // Production: "Importing a user with any other field duplicated (e.g. email) will result in an additional
      // user with the same value."
      let (_, unchecked) = try await client.call(
        .post, Self.batchCreate, #"{"users":[{"localId":"dup","email":"taken@example.com"}]}"#)
      #expect(self.errors(unchecked).isEmpty)
      #expect(try await self.lookup(client, "dup")["email"] as? String == "taken@example.com")
    }
  }

  @Test func anImportedGoogleUserSignsInWithGoogle() async throws {
    try await ServerHarness().test { client in
      let (_, answer) = try await client.call(
        .post, Self.batchCreate,
        #"{"users":[{"localId":"g-user","email":"g@gmail.com","emailVerified":true,"providerUserInfo":[{"providerId":"google.com","rawId":"sub-7","email":"g@gmail.com"}]}]}"#
      )
      #expect(self.errors(answer).isEmpty)
      let idToken = #"{"sub":"sub-7","email":"g@gmail.com","email_verified":true}"#
      let postBody =
        "id_token=\(idToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&providerId=google.com"
      let (status, session) = try await client.post(
        "accounts:signInWithIdp", #"{"postBody":"\#(postBody)","requestUri":"http://localhost"}"#)
      #expect(status == 200)
      #expect(session["localId"] as? String == "g-user")
      #expect(session["isNewUser"] as? Bool == false)
      let user = try await self.lookup(client, "g-user")
      let providers = (user["providerUserInfo"] as? [[String: Any]] ?? []).compactMap {
        $0["providerId"] as? String
      }
      #expect(providers == ["google.com"])
    }
  }
}
