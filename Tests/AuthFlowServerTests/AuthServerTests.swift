import AuthFlowKit
import AuthFlowServer
import Foundation
import Hummingbird
import Testing

@Suite struct AuthServerTests {
  @Test func signUpThenLookupAndCollision() async throws {
    try await ServerHarness().test { client in
      let (status, created) = try await client.post(
        "accounts:signUp",
        #"{"email":"Alice@Example.com","password":"correct-horse","returnSecureToken":true}"#)
      #expect(status == 200)
      #expect(created["email"] as? String == "alice@example.com")
      let idToken = try #require(created["idToken"] as? String)
      #expect(idToken.hasSuffix("."))
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      let users = try #require(lookup["users"] as? [[String: Any]])
      #expect(users.first?["emailVerified"] as? Bool == false)
      let (again, error) = try await client.post(
        "accounts:signUp", #"{"email":"alice@example.com","password":"another-one"}"#)
      #expect(again == 400)
      #expect(errorMessage(error) == "EMAIL_EXISTS")
      let errors = (error["error"] as? [String: Any])?["errors"] as? [[String: Any]]
      #expect(errors?.first?["reason"] as? String == "invalid")
    }
  }

  /// `signUp` with nothing is an anonymous sign-in; `signUp` with the guest's ID token, an email and a password
  /// links the password (how the SDKs link an email credential): same `localId`, fresh tokens.
  @Test func anonymousSignUpThenLinkingAPasswordKeepsTheUid() async throws {
    try await ServerHarness().test { client in
      let (status, guest) = try await client.post("accounts:signUp", #"{"returnSecureToken":true}"#)
      #expect(status == 200)
      let uid = try #require(guest["localId"] as? String)
      #expect(guest["email"] == nil)
      let guestToken = try #require(guest["idToken"] as? String)
      #expect(guest["refreshToken"] is String)
      let (linked, upgraded) = try await client.post(
        "accounts:signUp",
        #"{"idToken":"\#(guestToken)","email":"Gus@Example.com","password":"Str0ng-pass","returnSecureToken":true}"#
      )
      #expect(linked == 200)
      #expect(upgraded["localId"] as? String == uid)
      #expect(upgraded["email"] as? String == "gus@example.com")
      #expect(upgraded["idToken"] as? String != guestToken)
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"gus@example.com","password":"Str0ng-pass"}"#)
      #expect(signedIn["localId"] as? String == uid)
      // Another guest cannot take that email, and a half-written request says what it lacks.
      let (_, other) = try await client.post("accounts:signUp", "{}")
      let otherToken = try #require(other["idToken"] as? String)
      let (_, taken) = try await client.post(
        "accounts:signUp", #"{"idToken":"\#(otherToken)","email":"gus@example.com","password":"Str0ng-pass"}"#
      )
      #expect(errorMessage(taken) == "EMAIL_EXISTS")
      let (_, missing) = try await client.post("accounts:signUp", #"{"email":"half@example.com"}"#)
      #expect(errorMessage(missing) == "MISSING_PASSWORD")
    }
  }

  /// `update` keeps a photo URL (and `deleteAttribute: PHOTO_URL` removes it); `lastLoginAt` moves with each
  /// sign-in instead of staying at the creation time.
  @Test func photoUrlIsKeptAndLastLoginAtMoves() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"pat@example.com","password":"Str0ng-pass"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let (_, updated) = try await client.post(
        "accounts:update", #"{"idToken":"\#(idToken)","photoUrl":"https://example.com/pat.png"}"#)
      #expect(updated["photoUrl"] as? String == "https://example.com/pat.png")
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      let user = try #require((lookup["users"] as? [[String: Any]])?.first)
      #expect(user["photoUrl"] as? String == "https://example.com/pat.png")
      let firstLogin = try #require(user["lastLoginAt"] as? String)
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"2h"}"#)
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"pat@example.com","password":"Str0ng-pass"}"#)
      let fresh = try #require(signedIn["idToken"] as? String)
      let (_, again) = try await client.post("accounts:lookup", #"{"idToken":"\#(fresh)"}"#)
      let later = try #require((again["users"] as? [[String: Any]])?.first?["lastLoginAt"] as? String)
      #expect(Int(later) == (Int(firstLogin) ?? 0) + 7_200_000)
      let (_, cleared) = try await client.post(
        "accounts:update", #"{"idToken":"\#(fresh)","deleteAttribute":["PHOTO_URL"]}"#)
      #expect(cleared["photoUrl"] == nil)
    }
  }

  /// Production tells a refresh token it never issued (`INVALID_REFRESH_TOKEN`) and a deleted user's tokens
  /// (`USER_NOT_FOUND`) from an expired session.
  @Test func unknownRefreshTokensAndDeletedUsersAreNamedAsProductionNamesThem() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"del@example.com","password":"Str0ng-pass"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let refresh = try #require(created["refreshToken"] as? String)
      let (_, unknown) = try await client.call(
        .post, "/securetoken.googleapis.com/v1/token?key=fake-api-key",
        #"{"grant_type":"refresh_token","refresh_token":"nope"}"#)
      #expect(errorMessage(unknown) == "INVALID_REFRESH_TOKEN")
      let (deleted, _) = try await client.post("accounts:delete", #"{"idToken":"\#(idToken)"}"#)
      #expect(deleted == 200)
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect(errorMessage(lookup) == "USER_NOT_FOUND")
      let (_, refreshed) = try await client.call(
        .post, "/securetoken.googleapis.com/v1/token?key=fake-api-key",
        #"{"grant_type":"refresh_token","refresh_token":"\#(refresh)"}"#)
      #expect(errorMessage(refreshed) == "USER_NOT_FOUND")
    }
  }

  @Test func weakPasswordAndEnumerationProtection() async throws {
    try await ServerHarness().test { client in
      let (_, weak) = try await client.post(
        "accounts:signUp", #"{"email":"bob@example.com","password":"123"}"#)
      #expect(errorMessage(weak) == "WEAK_PASSWORD : Password should be at least 6 characters")
      let (_, unknown) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"nobody@example.com","password":"whatever1"}"#)
      #expect(errorMessage(unknown) == "INVALID_LOGIN_CREDENTIALS")
      _ = try await client.call(.patch, "/authflow/v1/settings", #"{"email_enumeration_protection":false}"#)
      let (_, plain) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"nobody@example.com","password":"whatever1"}"#)
      #expect(errorMessage(plain) == "EMAIL_NOT_FOUND")
    }
  }

  @Test func verifyEmailThroughOobCodes() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let (sent, _) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)"}"#)
      #expect(sent == 200)
      let (_, codes) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
      let code = try #require((codes["oobCodes"] as? [[String: Any]])?.first?["oobCode"] as? String)
      let (applied, _) = try await client.post("accounts:update", #"{"oobCode":"\#(code)"}"#)
      #expect(applied == 200)
      let (_, reused) = try await client.post("accounts:update", #"{"oobCode":"\#(code)"}"#)
      #expect(errorMessage(reused) == "INVALID_OOB_CODE")
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect((lookup["users"] as? [[String: Any]])?.first?["emailVerified"] as? Bool == true)
    }
  }

  @Test func recentLoginAfterAdvancingTheClock() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"d@example.com","password":"secret-1"}"#)
      let idToken = try #require(created["idToken"] as? String)
      let (_, clock) = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"10m"}"#)
      #expect(clock["now"] as? String == "2026-01-01T00:10:00Z")
      let (status, error) = try await client.post("accounts:delete", #"{"idToken":"\#(idToken)"}"#)
      #expect(status == 400)
      #expect(errorMessage(error) == "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    }
  }

  @Test func failNextAndUnknownRoutesAndBadJSON() async throws {
    try await ServerHarness().test { client in
      _ = try await client.call(
        .post, "/authflow/v1/failNext", #"{"operation":"signUp","error":"too-many-requests"}"#)
      let (_, failed) = try await client.post(
        "accounts:signUp", #"{"email":"e@example.com","password":"secret-1"}"#)
      #expect(errorMessage(failed) == "TOO_MANY_ATTEMPTS_TRY_LATER")
      let (ok, _) = try await client.post(
        "accounts:signUp", #"{"email":"e@example.com","password":"secret-1"}"#)
      #expect(ok == 200)
      let (badJSON, bad) = try await client.post("accounts:signUp", "{not json")
      #expect(badJSON == 400)
      #expect((bad["error"] as? [String: Any])?["status"] as? String == "INVALID_ARGUMENT")
      let (missing, notFound) = try await client.call(.get, "/nowhere/at/all")
      #expect(missing == 404)
      #expect((notFound["error"] as? [String: Any])?["code"] as? Int == 404)
      let (wrongMethod, _) = try await client.call(
        .get, "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k")
      #expect(wrongMethod == 404)
      let (_, wrongType) = try await client.post("accounts:signUp", #"{"email":42}"#)
      #expect(errorMessage(wrongType)?.hasPrefix("Invalid JSON payload received.") == true)
    }
  }

  @Test func untrustedIdPCollisionNeedsConfirmation() async throws {
    try await ServerHarness().test { client in
      _ = try await client.post("accounts:signUp", #"{"email":"f@example.com","password":"secret-1"}"#)
      let postBody =
        "id_token=%7B%22sub%22%3A%22fb-1%22%2C%22email%22%3A%22f%40example.com%22%7D&providerId=facebook.com"
      let (status, json) = try await client.post(
        "accounts:signInWithIdp", #"{"postBody":"\#(postBody)","requestUri":"http://localhost"}"#)
      #expect(status == 200)
      #expect(json["needConfirmation"] as? Bool == true)
      #expect(json["idToken"] == nil)
    }
  }
}

@Suite struct AuthServerPreflightTests {
  @Test func browsersMayPreflightAnyEndpoint() async throws {
    try await ServerHarness().test { client in
      let (status, _) = try await client.call(.options, "/identitytoolkit.googleapis.com/v1/accounts:signUp")
      #expect(status == 204)
    }
  }
}

/// Who is the Admin SDK: an owner credential, never the path or what a request's body asks.
@Suite struct AuthServerAdminModeTests {
  @Test func aProjectScopedPathNeedsTheOwnerCredential() async throws {
    try await ServerHarness().test { client in
      let lookup = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup"
      let body = #"{"localId":["nobody"]}"#
      let (bare, denied) = try await client.call(.post, lookup, body)
      #expect(bare == 403)
      #expect((denied["error"] as? [String: Any])?["status"] as? String == "PERMISSION_DENIED")
      let (keyed, refused) = try await client.call(.post, "\(lookup)?key=fake-api-key", body)
      #expect(keyed == 400)
      #expect(
        errorMessage(refused)
          == "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
      let (owned, _) = try await client.admin(.post, lookup, body)
      #expect(owned == 200)
    }
  }

  @Test func anAPIKeyAloneCannotActOnAnAccountByItsLocalId() async throws {
    try await ServerHarness().test { client in
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"c@example.com","password":"secret-1"}"#)
      let uid = try #require(created["localId"] as? String)
      let (deleted, refused) = try await client.post("accounts:delete", #"{"localId":"\#(uid)"}"#)
      #expect(deleted == 400)
      #expect(errorMessage(refused) == "MISSING_ID_TOKEN")
      let (_, updated) = try await client.post(
        "accounts:update", #"{"localId":"\#(uid)","emailVerified":true}"#)
      #expect(errorMessage(updated) == "MISSING_ID_TOKEN")
      let (_, looked) = try await client.post("accounts:lookup", #"{"localId":["\#(uid)"]}"#)
      #expect(errorMessage(looked) == "MISSING_ID_TOKEN")
      let (_, linked) = try await client.post(
        "accounts:sendOobCode",
        #"{"requestType":"PASSWORD_RESET","email":"c@example.com","returnOobLink":true}"#)
      #expect(errorMessage(linked) == "INSUFFICIENT_PERMISSION")

      let owner: HTTPFields = [.authorization: "Bearer owner"]
      let (status, _) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/accounts:delete?key=fake-api-key",
        #"{"localId":"\#(uid)"}"#,
        headers: owner)
      #expect(status == 200)
      let (_, gone) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"c@example.com","password":"secret-1"}"#)
      #expect(errorMessage(gone) == "INVALID_LOGIN_CREDENTIALS")
    }
  }
}

/// The Admin SDK's bulk calls: paging, deleting in bulk, querying.
@Suite struct AuthServerBatchTests {
  private let project = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow"

  private func signUp(_ client: ServerHarness.Client, _ count: Int) async throws -> [String] {
    var uids: [String] = []
    for number in 0..<count {
      let (_, created) = try await client.post(
        "accounts:signUp", #"{"email":"u\#(number)@example.com","password":"secret-1"}"#)
      uids.append(try #require(created["localId"] as? String))
    }
    return uids.sorted()
  }

  @Test func batchGetPagesInUidOrder() async throws {
    try await ServerHarness().test { client in
      let uids = try await signUp(client, 3)
      let (_, first) = try await client.admin(.get, "\(project)/accounts:batchGet?maxResults=2")
      #expect(
        (first["users"] as? [[String: Any]])?.compactMap { $0["localId"] as? String } == Array(uids.prefix(2))
      )
      let token = try #require(first["nextPageToken"] as? String)
      let (_, second) = try await client.admin(
        .get, "\(project)/accounts:batchGet?maxResults=2&nextPageToken=\(token)")
      #expect((second["users"] as? [[String: Any]])?.compactMap { $0["localId"] as? String } == [uids[2]])
      #expect(second["nextPageToken"] == nil)
    }
  }

  @Test func batchDeleteWithoutForceLeavesEnabledAccounts() async throws {
    try await ServerHarness().test { client in
      let uids = try await signUp(client, 2)
      let (_, answer) = try await client.admin(
        .post, "\(project)/accounts:batchDelete", #"{"localIds":["\#(uids[0])","nobody"]}"#)
      let errors = try #require(answer["errors"] as? [[String: Any]])
      #expect(errors.first?["index"] as? Int == 0)
      #expect((errors.first?["message"] as? String)?.hasPrefix("NOT_DISABLED") == true)
      let (_, forced) = try await client.admin(
        .post, "\(project)/accounts:batchDelete", #"{"localIds":["\#(uids[0])"],"force":true}"#)
      #expect(forced["errors"] == nil)
      let (_, count) = try await client.admin(
        .post, "\(project)/accounts:query", #"{"returnUserInfo":false}"#)
      #expect(count["recordsCount"] as? String == "1")
      let (_, empty) = try await client.admin(.post, "\(project)/accounts:batchDelete", #"{"localIds":[]}"#)
      #expect(errorMessage(empty) == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
    }
  }

  @Test func queryListsSortedWithLimitAndOffset() async throws {
    try await ServerHarness().test { client in
      _ = try await signUp(client, 3)
      let (_, listed) = try await client.admin(
        .post, "\(project)/accounts:query",
        #"{"sortBy":"USER_EMAIL","order":"DESC","limit":"2","offset":"1"}"#)
      #expect(listed["recordsCount"] as? String == "2")
      #expect(
        (listed["userInfo"] as? [[String: Any]])?.compactMap { $0["email"] as? String } == [
          "u1@example.com", "u0@example.com",
        ])
    }
  }

  @Test func queryFiltersByTheFirstExpressionOnly() async throws {
    try await ServerHarness().test { client in
      let uids = try await signUp(client, 3)
      func found(_ body: String, _ field: String = "email") async throws -> [String] {
        let (_, listed) = try await client.admin(.post, "\(project)/accounts:query", body)
        return (listed["userInfo"] as? [[String: Any]] ?? []).compactMap { $0[field] as? String }
      }
      func emails(_ body: String) async throws -> [String] { try await found(body) }
      #expect(try await emails(#"{"expression":[{"email":"U1@Example.com"}]}"#) == ["u1@example.com"])
      #expect(try await found(#"{"expression":[{"userId":"\#(uids[2])"}]}"#, "localId") == [uids[2]])
      #expect(try await emails(#"{"expression":[{"userId":"nobody"}]}"#).isEmpty)
      // Production evaluates only the first expression, and in it the email before the uid.
      #expect(
        try await emails(#"{"expression":[{"email":"u0@example.com"},{"email":"u1@example.com"}]}"#) == [
          "u0@example.com"
        ])
      #expect(
        try await emails(#"{"expression":[{"email":"u0@example.com","userId":"nobody"}]}"#) == [
          "u0@example.com"
        ])
      let (_, count) = try await client.admin(
        .post, "\(project)/accounts:query",
        #"{"returnUserInfo":false,"expression":[{"email":"u2@example.com"}]}"#)
      #expect(count["recordsCount"] as? String == "1")
      let (_, phone) = try await client.admin(
        .post, "\(project)/accounts:update", #"{"localId":"\#(uids[0])","phoneNumber":"+15555550177"}"#)
      #expect(phone["localId"] as? String == uids[0])
      #expect(try await found(#"{"expression":[{"phoneNumber":"+15555550177"}]}"#, "localId") == [uids[0]])
    }
  }
}

/// What `signInWithIdp` answers, as the SDKs read it.
@Suite struct AuthServerIdPResponseTests {
  private func postBody(_ claims: String, provider: String) -> String {
    "id_token=" + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      + "&providerId=\(provider)"
  }

  @Test func theAnswerCarriesTheCredentialAndTheProfile() async throws {
    let claims =
      #"{"sub":"g-1","email":"gus@gmail.com","email_verified":true,"name":"Gus Grey","given_name":"Gus","family_name":"Grey","picture":"https://example.com/g.png"}"#
    try await ServerHarness().test { client in
      let (status, json) = try await client.post(
        "accounts:signInWithIdp",
        #"{"postBody":"\#(postBody(claims, provider: "google.com"))","requestUri":"http://localhost"}"#)
      #expect(status == 200)
      #expect(json["federatedId"] as? String == "https://accounts.google.com/g-1")
      #expect(json["oauthIdToken"] as? String == claims)
      #expect(json["oauthAccessToken"] is String)
      #expect(json["firstName"] as? String == "Gus")
      #expect(json["lastName"] as? String == "Grey")
      #expect(json["photoUrl"] as? String == "https://example.com/g.png")
      #expect((json["rawUserInfo"] as? String)?.contains("\"given_name\":\"Gus\"") == true)
    }
  }

  @Test func theCredentialMayComeInTheRequestUri() async throws {
    let claims = #"{"sub":"a-1","email":"ann@icloud.com"}"#
    try await ServerHarness().test { client in
      let (status, json) = try await client.post(
        "accounts:signInWithIdp",
        #"{"requestUri":"http://localhost/__/auth/handler?\#(postBody(claims, provider: "apple.com"))"}"#)
      #expect(status == 200)
      #expect(json["localId"] is String)
    }
  }

  /// A link answers with fresh tokens; a failed link with `returnIdpCredential` is a 200 naming the error.
  @Test func linkingAnswersFreshTokensAndAFailedLinkNamesTheError() async throws {
    let claims = #"{"sub":"g-2","email":"gus@gmail.com"}"#
    try await ServerHarness().test { client in
      let (_, first) = try await client.post(
        "accounts:signUp", #"{"email":"a@example.com","password":"secret-1"}"#)
      let firstToken = try #require(first["idToken"] as? String)
      let body = postBody(claims, provider: "google.com")
      let (_, linked) = try await client.post(
        "accounts:signInWithIdp",
        #"{"postBody":"\#(body)","requestUri":"http://localhost","idToken":"\#(firstToken)"}"#)
      #expect(linked["idToken"] as? String != firstToken)
      #expect(linked["refreshToken"] is String)

      let (_, second) = try await client.post(
        "accounts:signUp", #"{"email":"b@example.com","password":"secret-1"}"#)
      let secondToken = try #require(second["idToken"] as? String)
      let (status, failed) = try await client.post(
        "accounts:signInWithIdp",
        #"{"postBody":"\#(body)","requestUri":"http://localhost","idToken":"\#(secondToken)","returnIdpCredential":true}"#
      )
      #expect(status == 200)
      #expect(failed["errorMessage"] as? String == "FEDERATED_USER_ID_ALREADY_LINKED")
      #expect(failed["oauthIdToken"] as? String == claims)
      let (refused, plain) = try await client.post(
        "accounts:signInWithIdp",
        #"{"postBody":"\#(body)","requestUri":"http://localhost","idToken":"\#(secondToken)"}"#)
      #expect(refused == 400)
      #expect(errorMessage(plain) == "FEDERATED_USER_ID_ALREADY_LINKED")
    }
  }
}
