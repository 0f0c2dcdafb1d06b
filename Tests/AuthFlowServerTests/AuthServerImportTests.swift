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
    let (_, found) = try await client.admin(
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
      let (status, answer) = try await client.admin(.post, Self.batchCreate, body)
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
      let (status, answer) = try await client.admin(.post, Self.batchCreate, body)
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
      #expect(errors[9] == "Second factor account requires email to be verified.")
      #expect(errors.count == 9)
      let indices = (answer["error"] as? [[String: Any]] ?? []).compactMap { $0["index"] as? Int }
      #expect(indices == indices.sorted())
      _ = try await self.lookup(client, "ok")
      _ = try await self.lookup(client, "ok-too")
      let (_, missing) = try await client.admin(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
        #"{"localId":["bad-email"]}"#)
      #expect(missing["users"] == nil)
    }
  }

  @Test func wholeRequestProblemsRefuseEveryUser() async throws {
    try await ServerHarness().test { client in
      let (_, empty) = try await client.admin(.post, Self.batchCreate, #"{"users":[]}"#)
      #expect(errorMessage(empty) == "MISSING_USER_ACCOUNT")
      let many = (0...AuthServer.importLimit).map { #"{"localId":"u\#($0)"}"# }.joined(separator: ",")
      let (_, tooMany) = try await client.admin(.post, Self.batchCreate, #"{"users":[\#(many)]}"#)
      #expect(errorMessage(tooMany)?.hasPrefix("INVALID_ARGUMENT") == true)
      let (status, duplicate) = try await client.admin(
        .post, Self.batchCreate, #"{"users":[{"localId":"a","email":"a1@example.com"},{"localId":"a"}]}"#)
      #expect(status == 400)
      #expect(errorMessage(duplicate) == "DUPLICATE_LOCAL_ID : a")
      let (_, sameEmail) = try await client.admin(
        .post, Self.batchCreate,
        #"{"sanityCheck":true,"users":[{"localId":"b","email":"x@example.com"},{"localId":"c","email":"X@example.com"}]}"#
      )
      #expect(errorMessage(sameEmail) == "DUPLICATE_EMAIL : X@example.com")
      let google = #"[{"providerId":"google.com","rawId":"g-1"}]"#
      let (_, sameIdentity) = try await client.admin(
        .post, Self.batchCreate,
        #"{"sanityCheck":true,"users":[{"localId":"d","providerUserInfo":\#(google)},{"localId":"e","providerUserInfo":\#(google)}]}"#
      )
      #expect(errorMessage(sameIdentity) == "DUPLICATE_RAW_ID : Provider id(google.com), Raw id(g-1)")
      // Nothing of a refused request is imported.
      let (_, listed) = try await client.admin(
        .get, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchGet")
      #expect((listed["users"] as? [Any])?.isEmpty ?? true)
      // Only the Admin SDK imports.
      let (notFound, _) = try await client.post("accounts:batchCreate", #"{"users":[{"localId":"z"}]}"#)
      #expect(notFound == 404)
    }
  }

  @Test func allowOverwriteLetsTheLaterOfTwoUsersWithOneUidWin() async throws {
    try await ServerHarness().test { client in
      let (status, answer) = try await client.admin(
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
      let (status, answer) = try await client.admin(
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
        .post, "/securetoken.googleapis.com/v1/token?key=fake-api-key",
        #"{"grant_type":"refresh_token","refresh_token":"\#(refreshToken)"}"#)
      #expect(errorMessage(refreshed) == "TOKEN_EXPIRED")
    }
  }

  @Test func anEmailAnotherAccountHasIsImportedUnlessSanityChecked() async throws {
    try await ServerHarness().test { client in
      _ = try await client.post("accounts:signUp", #"{"email":"taken@example.com","password":"secret-1"}"#)
      let (_, checked) = try await client.admin(
        .post, Self.batchCreate,
        #"{"sanityCheck":true,"users":[{"localId":"dup","email":"taken@example.com"}]}"#)
      #expect(self.errors(checked) == [0: "email exists in other account in database"])
      // Production: "Importing a user with any other field duplicated (e.g. email) will result in an additional
      // user with the same value."
      let (_, unchecked) = try await client.admin(
        .post, Self.batchCreate, #"{"users":[{"localId":"dup","email":"taken@example.com"}]}"#)
      #expect(self.errors(unchecked).isEmpty)
      #expect(try await self.lookup(client, "dup")["email"] as? String == "taken@example.com")
    }
  }

  @Test func anImportedGoogleUserSignsInWithGoogle() async throws {
    try await ServerHarness().test { client in
      let (_, answer) = try await client.admin(
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

  @Test func phoneSecondFactorsAreImportedAndAskedForAtSignIn() async throws {
    let body = """
      {"users":[{"localId":"mfa","email":"m@example.com","emailVerified":true,"rawPassword":"secret-1",
        "mfaInfo":[{"phoneInfo":"+15555550111","displayName":"Work","mfaEnrollmentId":"work-phone",
                    "enrolledAt":"2025-06-01T12:00:00Z"},
                   {"phoneInfo":"+15555550122"}]}]}
      """
    try await ServerHarness().test { client in
      let (status, answer) = try await client.admin(.post, Self.batchCreate, body)
      #expect(status == 200)
      #expect(self.errors(answer).isEmpty)
      let factors = try #require(try await self.lookup(client, "mfa")["mfaInfo"] as? [[String: Any]])
      #expect(factors.count == 2)
      #expect(factors.first?["mfaEnrollmentId"] as? String == "work-phone")
      #expect(factors.first?["displayName"] as? String == "Work")
      #expect(factors.first?["phoneInfo"] as? String == "+15555550111")
      #expect(factors.first?["enrolledAt"] as? String == "2025-06-01T12:00:00Z")
      // The second got an id from the seeded generator and the virtual now.
      let second = try #require(factors.last)
      #expect((second["mfaEnrollmentId"] as? String)?.isEmpty == false)
      #expect(second["enrolledAt"] as? String == "2026-01-01T00:00:00Z")

      // The password is only the first factor: the SMS code of the imported factor completes the sign-in.
      let (_, pending) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"m@example.com","password":"secret-1"}"#)
      let credential = try #require(pending["mfaPendingCredential"] as? String, "\(pending)")
      let v2 = "/identitytoolkit.googleapis.com/v2/accounts"
      let (_, start) = try await client.call(
        .post, "\(v2)/mfaSignIn:start?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"work-phone"}"#)
      let sessionInfo = try #require(
        (start["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String, "\(start)")
      let (_, listed) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/verificationCodes")
      let code = try #require((listed["verificationCodes"] as? [[String: Any]])?.last?["code"] as? String)
      let (signedIn, session) = try await client.call(
        .post, "\(v2)/mfaSignIn:finalize?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","phoneVerificationInfo":{"sessionInfo":"\#(sessionInfo)","code":"\#(code)"}}"#
      )
      #expect(signedIn == 200, "\(session)")
    }
  }

  @Test func secondFactorsTheWorldCannotHoldOrTheEmulatorRefusesAreReported() async throws {
    let factor = #"[{"phoneInfo":"+15555550111"}]"#
    let body = """
      {"users":[
        {"localId":"no-email","mfaInfo":\(factor)},
        {"localId":"unverified","email":"u@example.com","mfaInfo":\(factor)},
        {"localId":"bad-number","email":"b@example.com","emailVerified":true,"mfaInfo":[{"phoneInfo":"555"}]},
        {"localId":"totp","email":"t@example.com","emailVerified":true,"mfaInfo":[{"totpInfo":{}}]},
        {"localId":"same-id","email":"s@example.com","emailVerified":true,
         "mfaInfo":[{"phoneInfo":"+15555550111","mfaEnrollmentId":"x"},{"phoneInfo":"+15555550122","mfaEnrollmentId":"x"}]},
        {"localId":"bad-time","email":"d@example.com","emailVerified":true,
         "mfaInfo":[{"phoneInfo":"+15555550111","enrolledAt":"yesterday"}]},
        {"localId":"ok","email":"ok@example.com","emailVerified":true,"mfaInfo":\(factor)}]}
      """
    try await ServerHarness().test { client in
      let (status, answer) = try await client.admin(.post, Self.batchCreate, body)
      #expect(status == 200)
      let errors = self.errors(answer)
      #expect(errors[0] == "Second factor account requires email to be presented.")
      #expect(errors[1] == "Second factor account requires email to be verified.")
      #expect(errors[2] == "Phone number format is invalid")
      #expect(errors[3] == "Second factor not supported.")
      #expect(errors[4] == "Enrollment id already exists.")
      #expect(errors[5] == "enrolledAt is not an RFC 3339 timestamp")
      #expect(errors.count == 6)
      #expect((try await self.lookup(client, "ok")["mfaInfo"] as? [Any])?.count == 1)
      let (_, missing) = try await client.admin(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
        #"{"localId":["totp"]}"#)
      #expect(missing["users"] == nil)
    }
  }

  @Test func providerAccountsWithoutAnEmailOrGivenByFederatedIdAreLinked() async throws {
    let body = """
      {"users":[
        {"localId":"octo","providerUserInfo":[{"providerId":"github.com","rawId":"octo-1"}]},
        {"localId":"fed","providerUserInfo":[{"providerId":"google.com","federatedId":"https://accounts.google.com/g-9"}]},
        {"localId":"plain","providerUserInfo":[{"providerId":"apple.com","federatedId":"apple-3"}]},
        {"localId":"no-provider","providerUserInfo":[{"federatedId":"https://accounts.google.com/g-10"}]},
        {"localId":"odd","providerUserInfo":[{"providerId":"google.com","federatedId":"https://example.com/a/b"}]}]}
      """
    try await ServerHarness().test { client in
      let (status, answer) = try await client.admin(.post, Self.batchCreate, body)
      #expect(status == 200)
      let errors = self.errors(answer)
      #expect(errors[3]?.contains("providerId") == true)
      #expect(errors[4]?.contains("rawId") == true)
      #expect(errors.count == 2)
      for (uid, provider, sub) in [
        ("octo", "github.com", "octo-1"), ("fed", "google.com", "g-9"), ("plain", "apple.com", "apple-3"),
      ] {
        let user = try await self.lookup(client, uid)
        #expect(user["email"] == nil)
        let info = try #require((user["providerUserInfo"] as? [[String: Any]])?.first)
        #expect(info["providerId"] as? String == provider)
        #expect(info["rawId"] as? String == sub)
        #expect(info["email"] == nil)
        // The IdP account without an email signs in to the imported account by its subject alone.
        let idToken = #"{"sub":"\#(sub)"}"#
        let postBody =
          "id_token=\(idToken.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&providerId=\(provider)"
        let (signedIn, session) = try await client.post(
          "accounts:signInWithIdp", #"{"postBody":"\#(postBody)","requestUri":"http://localhost"}"#)
        #expect(signedIn == 200, "\(session)")
        #expect(session["localId"] as? String == uid)
        #expect(session["isNewUser"] as? Bool == false)
      }
    }
  }
}
