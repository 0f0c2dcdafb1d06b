import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import HTTPTypes
import Testing

@testable import AuthFlowServer

/// Multi-tenancy over REST: the tenant management API (`/v2/projects/{id}/tenants`), tenant-scoped accounts,
/// tokens and codes, and the checks that keep one tenant's requests out of another's.
@Suite struct AuthServerTenantTests {
  private let tenantsPath = "/identitytoolkit.googleapis.com/v2/projects/demo-authflow/tenants"
  private let owner: HTTPFields = [.authorization: "Bearer owner"]

  private func createTenant(_ client: ServerHarness.Client, _ body: String) async throws -> [String: Any] {
    let (status, tenant) = try await client.call(.post, tenantsPath, body, headers: owner)
    #expect(status == 200)
    return tenant
  }

  private func claims(ofIDToken token: String) throws -> [String: Any] {
    let data = try #require(UnsignedJWT.payload(of: token))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func signUp(_ client: ServerHarness.Client, tenant: String, email: String = "ada@example.com")
    async throws -> [String: Any]
  {
    let (status, json) = try await client.post(
      "accounts:signUp", #"{"email":"\#(email)","password":"hunter22","tenantId":"\#(tenant)"}"#)
    #expect(status == 200, "\(json)")
    return json
  }

  @Test func aTenantIsCreatedWithItsSettingsANameAndAnIdDerivedFromItsDisplayName() async throws {
    try await ServerHarness().test { client in
      let tenant = try await createTenant(
        client,
        #"{"displayName":"Acme-Corp","allowPasswordSignup":true,"enableEmailLinkSignin":true,"enableAnonymousUser":true,"disableAuth":false,"mfaConfig":{"state":"ENABLED","enabledProviders":["PHONE_SMS"]}}"#
      )
      let id = try #require(tenant["tenantId"] as? String)
      #expect(id.hasPrefix("acme-corp-") && id.count == "acme-corp-".count + 5)
      #expect(tenant["name"] as? String == "projects/demo-authflow/tenants/\(id)")
      #expect(tenant["displayName"] as? String == "Acme-Corp")
      #expect(tenant["allowPasswordSignup"] as? Bool == true)
      #expect(tenant["enableAnonymousUser"] as? Bool == true)
      let mfa = try #require(tenant["mfaConfig"] as? [String: Any])
      #expect(mfa["state"] as? String == "ENABLED")
      #expect(mfa["enabledProviders"] as? [String] == ["PHONE_SMS"])
    }
  }

  @Test(arguments: [
    (#"{"state":"ENABELD"}"#, #"Invalid value at 'mfaConfig.state' (TYPE_ENUM), "ENABELD""#),
    (
      #"{"state":"ENABLED","enabledProviders":["SMS"]}"#,
      #"Invalid value at 'mfaConfig.enabledProviders' (TYPE_ENUM), "SMS""#
    ),
    (
      #"{"providerConfigs":[{"state":"ON","totpProviderConfig":{}}]}"#,
      #"Invalid value at 'mfaConfig.providerConfigs.state' (TYPE_ENUM), "ON""#
    ),
  ])
  func anMFAConfigValueTheAPIDoesNotHaveIsRefused(mfa: String, message: String) async throws {
    try await ServerHarness().test { client in
      let (status, body) = try await client.call(
        .post, tenantsPath, #"{"displayName":"Typo","mfaConfig":\#(mfa)}"#, headers: owner)
      #expect(status == 400)
      #expect(errorMessage(body) == "Invalid JSON payload received. \(message)")
      let (_, listed) = try await client.call(.get, tenantsPath, headers: owner)
      #expect((listed["tenants"] as? [Any])?.isEmpty != false, "nothing was stored")
    }
  }

  @Test func anEmptyBodyCreatesATenantWithEverythingOff() async throws {
    try await ServerHarness().test { client in
      let tenant = try await createTenant(client, "{}")
      #expect(tenant["allowPasswordSignup"] as? Bool == false)
      #expect(tenant["enableEmailLinkSignin"] as? Bool == false)
      #expect(tenant["enableAnonymousUser"] as? Bool == false)
      #expect(tenant["disableAuth"] as? Bool == false)
      #expect(tenant["displayName"] == nil)
      let mfa = try #require(tenant["mfaConfig"] as? [String: Any])
      #expect(mfa["state"] as? String == "DISABLED")
      #expect((mfa["enabledProviders"] as? [String])?.isEmpty == true)
      let id = try #require(tenant["tenantId"] as? String)
      // Off means off: neither a password nor a guest may sign up.
      let (status, refused) = try await client.post(
        "accounts:signUp", #"{"email":"ada@example.com","password":"hunter22","tenantId":"\#(id)"}"#)
      #expect(status == 400)
      #expect(errorMessage(refused) == "OPERATION_NOT_ALLOWED")
      let (_, guest) = try await client.post("accounts:signUp", #"{"tenantId":"\#(id)"}"#)
      #expect(errorMessage(guest) == "ADMIN_ONLY_OPERATION")
      let (_, password) = try await client.post(
        "accounts:signInWithPassword",
        #"{"email":"ada@example.com","password":"hunter22","tenantId":"\#(id)"}"#)
      #expect(errorMessage(password) == "PASSWORD_LOGIN_DISABLED")
    }
  }

  @Test func getListPatchAndDeleteATenant() async throws {
    try await ServerHarness().test { client in
      let first = try await createTenant(client, #"{"displayName":"one"}"#)
      let second = try await createTenant(client, #"{"displayName":"two"}"#)
      let ids = [first, second].compactMap { $0["tenantId"] as? String }.sorted()
      #expect(ids.count == 2)

      let (status, got) = try await client.call(.get, "\(tenantsPath)/\(ids[0])", headers: owner)
      #expect(status == 200)
      #expect(got["tenantId"] as? String == ids[0])

      let (_, page1) = try await client.call(.get, "\(tenantsPath)?pageSize=1", headers: owner)
      #expect((page1["tenants"] as? [[String: Any]])?.map { $0["tenantId"] as? String } == [ids[0]])
      let token = try #require(page1["nextPageToken"] as? String)
      let (_, page2) = try await client.call(.get, "\(tenantsPath)?pageToken=\(token)", headers: owner)
      #expect((page2["tenants"] as? [[String: Any]])?.map { $0["tenantId"] as? String } == [ids[1]])
      #expect(page2["nextPageToken"] == nil)

      // A masked update changes only the listed fields the body sets; `displayName.0` indexes a string: ignored.
      let (_, patched) = try await client.call(
        .patch, "\(tenantsPath)/\(ids[0])?updateMask=allowPasswordSignup,displayName.0",
        #"{"allowPasswordSignup":true,"displayName":"renamed"}"#, headers: owner)
      #expect(patched["allowPasswordSignup"] as? Bool == true)
      #expect(patched["displayName"] as? String == "one")
      // No mask: the body replaces the configuration, unset fields back to their defaults.
      let (_, replaced) = try await client.call(
        .patch, "\(tenantsPath)/\(ids[0])", #"{"enableAnonymousUser":true}"#, headers: owner)
      #expect(replaced["allowPasswordSignup"] as? Bool == false)
      #expect(replaced["enableAnonymousUser"] as? Bool == true)
      #expect(replaced["displayName"] == nil)

      let (deleted, _) = try await client.call(.delete, "\(tenantsPath)/\(ids[1])", "{}", headers: owner)
      #expect(deleted == 200)
      let (_, after) = try await client.call(.get, tenantsPath, headers: owner)
      #expect((after["tenants"] as? [[String: Any]])?.map { $0["tenantId"] as? String } == [ids[0]])
    }
  }

  @Test func aTenantNamedForTheFirstTimeExistsWithEveryMethodOn() async throws {
    try await ServerHarness().test { client in
      let (_, none) = try await client.call(.get, tenantsPath, headers: owner)
      #expect((none["tenants"] as? [Any])?.isEmpty == true)
      let (status, tenant) = try await client.call(.get, "\(tenantsPath)/tenant-id", headers: owner)
      #expect(status == 200)
      #expect(tenant["allowPasswordSignup"] as? Bool == true)
      #expect(tenant["enableEmailLinkSignin"] as? Bool == true)
      #expect(tenant["enableAnonymousUser"] as? Bool == true)
      #expect((tenant["mfaConfig"] as? [String: Any])?["state"] as? String == "ENABLED")
      let (_, listed) = try await client.call(.get, tenantsPath, headers: owner)
      #expect((listed["tenants"] as? [[String: Any]])?.count == 1)
    }
  }

  @Test(arguments: ["5", "true", "{}", "[]"])
  func aTenantIDThatIsNotAStringIsRefusedNotTakenForTheProject(tenant: String) async throws {
    try await ServerHarness().test { client in
      let (status, body) = try await client.post(
        "accounts:signUp", #"{"email":"ada@example.com","password":"hunter22","tenantId":\#(tenant)}"#)
      #expect(status == 400)
      #expect(
        (body["error"] as? [String: Any])?["message"] as? String
          == "Invalid JSON payload received. Invalid value at 'tenantId'.")
      let (_, lookup) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
        #"{"email":["ada@example.com"]}"#, headers: owner)
      #expect(lookup["users"] == nil, "no account was made in the project")
    }
  }

  @Test func aTenantsAccountsAreItsOwnAndItsTokensSayWhoseTheyAre() async throws {
    try await ServerHarness().test { client in
      let user = try await signUp(client, tenant: "acme")
      let uid = try #require(user["localId"] as? String)
      let idToken = try #require(user["idToken"] as? String)
      let firebase = try #require(try claims(ofIDToken: idToken)["firebase"] as? [String: Any])
      #expect(firebase["tenant"] as? String == "acme")

      // The same email signs up in the project and in another tenant: three accounts, no EMAIL_EXISTS.
      let (projectStatus, _) = try await client.post(
        "accounts:signUp", #"{"email":"ada@example.com","password":"hunter22"}"#)
      #expect(projectStatus == 200)
      _ = try await signUp(client, tenant: "globex")

      // The ID token alone says the tenant.
      let (status, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect(status == 200)
      let users = try #require(lookup["users"] as? [[String: Any]])
      #expect(users.first?["localId"] as? String == uid)
      #expect(users.first?["tenantId"] as? String == "acme")

      // The Admin SDK's tenant-scoped path finds it; the project's does not.
      let scoped = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/tenants/acme/accounts:lookup"
      let (_, admin) = try await client.call(.post, scoped, #"{"localId":["\#(uid)"]}"#, headers: owner)
      #expect((admin["users"] as? [[String: Any]])?.first?["email"] as? String == "ada@example.com")
      let (_, project) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:lookup",
        #"{"localId":["\#(uid)"]}"#, headers: owner)
      #expect(project["users"] == nil || (project["users"] as? [[String: Any]])?.first?["tenantId"] == nil)
    }
  }

  @Test func tenantsThatDisagreeAreRefused() async throws {
    try await ServerHarness().test { client in
      let idToken = try #require(try await signUp(client, tenant: "acme")["idToken"] as? String)
      let v1 = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow"
      let (status, pathAndBody) = try await client.call(
        .post, "\(v1)/tenants/acme/accounts:delete", #"{"localId":"x","tenantId":"globex"}"#, headers: owner)
      #expect(status == 400)
      #expect(errorMessage(pathAndBody) == "TENANT_ID_MISMATCH")
      let (_, pathAndToken) = try await client.call(
        .post, "\(v1)/tenants/globex/accounts:lookup", #"{"idToken":"\#(idToken)"}"#, headers: owner)
      #expect(errorMessage(pathAndToken) == "TENANT_ID_MISMATCH")
      let (_, bodyAndToken) = try await client.post(
        "accounts:lookup", #"{"idToken":"\#(idToken)","tenantId":"globex"}"#)
      #expect(errorMessage(bodyAndToken) == "TENANT_ID_MISMATCH")
    }
  }

  @Test func aTenantsRefreshTokenRefreshesInItsTenant() async throws {
    try await ServerHarness().test { client in
      let user = try await signUp(client, tenant: "acme")
      let refresh = try #require(user["refreshToken"] as? String)
      let (status, json) = try await client.call(
        .post, "/securetoken.googleapis.com/v1/token?key=fake-api-key",
        "refresh_token=\(refresh)&grantType=refresh_token",
        headers: [.contentType: "application/x-www-form-urlencoded"])
      #expect(status == 200, "\(json)")
      #expect(json["user_id"] as? String == user["localId"] as? String)
      let idToken = try #require(json["id_token"] as? String)
      let firebase = try #require(try claims(ofIDToken: idToken)["firebase"] as? [String: Any])
      #expect(firebase["tenant"] as? String == "acme")
    }
  }

  @Test func aDisabledTenantRefusesEveryCall() async throws {
    try await ServerHarness().test { client in
      let tenant = try await createTenant(client, #"{"disableAuth":true,"allowPasswordSignup":true}"#)
      let id = try #require(tenant["tenantId"] as? String)
      let (status, json) = try await client.post(
        "accounts:signUp", #"{"email":"ada@example.com","password":"hunter22","tenantId":"\#(id)"}"#)
      #expect(status == 400)
      #expect(errorMessage(json) == "PROJECT_DISABLED")
      // The project itself is unaffected.
      let (projectStatus, _) = try await client.post(
        "accounts:signUp", #"{"email":"ada@example.com","password":"hunter22"}"#)
      #expect(projectStatus == 200)
    }
  }

  @Test func customTokensSignInToTheTenantTheyWereMintedFor() async throws {
    try await ServerHarness().test { client in
      let mintedForAcme = #"{\"uid\":\"u1\",\"tenant_id\":\"acme\"}"#
      let (status, json) = try await client.post(
        "accounts:signInWithCustomToken", #"{"token":"\#(mintedForAcme)","tenantId":"acme"}"#)
      #expect(status == 200, "\(json)")
      #expect(json["isNewUser"] as? Bool == true)
      let (_, wrong) = try await client.post(
        "accounts:signInWithCustomToken", #"{"token":"\#(mintedForAcme)","tenantId":"globex"}"#)
      #expect(errorMessage(wrong) == "TENANT_ID_MISMATCH")
      let (_, project) = try await client.post(
        "accounts:signInWithCustomToken", #"{"token":"\#(mintedForAcme)"}"#)
      #expect(errorMessage(project) == "TENANT_ID_MISMATCH")
    }
  }

  @Test func aTenantsActionLinksNameItAndItsCodesAndAccountsAreListedAndClearedApart() async throws {
    try await ServerHarness().test { client in
      let idToken = try #require(try await signUp(client, tenant: "acme")["idToken"] as? String)
      let (status, _) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)","tenantId":"acme"}"#)
      #expect(status == 200)
      let (_, codes) = try await client.call(
        .get, "/emulator/v1/projects/demo-authflow/tenants/acme/oobCodes")
      let entry = try #require((codes["oobCodes"] as? [[String: Any]])?.first)
      let link = try #require(entry["oobLink"] as? String)
      #expect(link.contains("tenantId=acme"))
      let (_, projectCodes) = try await client.call(.get, "/emulator/v1/projects/demo-authflow/oobCodes")
      #expect((projectCodes["oobCodes"] as? [Any])?.isEmpty == true)

      // Opening the link verifies the tenant's user.
      let path = String(link.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
      let (opened, _) = try await client.call(.get, path)
      #expect(opened == 200)
      let (_, lookup) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect((lookup["users"] as? [[String: Any]])?.first?["emailVerified"] as? Bool == true)

      let (cleared, _) = try await client.call(
        .delete, "/emulator/v1/projects/demo-authflow/tenants/acme/accounts")
      #expect(cleared == 200)
      let (_, gone) = try await client.post("accounts:lookup", #"{"idToken":"\#(idToken)"}"#)
      #expect(errorMessage(gone) == "USER_NOT_FOUND")
    }
  }

  @Test func theClockMovesEveryTenantAndAGivenFileStartsOverWithoutThem() async throws {
    try await ServerHarness().test { client in
      let idToken = try #require(try await signUp(client, tenant: "acme")["idToken"] as? String)
      let (_, sent) = try await client.post(
        "accounts:sendOobCode", #"{"requestType":"VERIFY_EMAIL","idToken":"\#(idToken)","tenantId":"acme"}"#)
      #expect(sent["email"] as? String == "ada@example.com")
      let (_, codes) = try await client.call(
        .get, "/emulator/v1/projects/demo-authflow/tenants/acme/oobCodes")
      let code = try #require((codes["oobCodes"] as? [[String: Any]])?.first?["oobCode"] as? String)
      // A verification code lives three days, in the tenant as in the project.
      _ = try await client.call(.post, "/authflow/v1/clock:advance", #"{"by":"4d"}"#)
      let (_, expired) = try await client.post(
        "accounts:update", #"{"oobCode":"\#(code)","tenantId":"acme"}"#)
      #expect(errorMessage(expired) == "EXPIRED_OOB_CODE")

      let scenario = "scenario: fresh\nmachine: showcase\ngiven:\n  accounts: []\nsteps:\n  - launch\n"
      let (loaded, _) = try await client.call(.post, "/authflow/v1/given", scenario)
      #expect(loaded == 200)
      let (_, after) = try await client.call(.get, tenantsPath, headers: owner)
      #expect((after["tenants"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func aTenantWithMFAOnChallengesAndItsSecondFactorSessionNamesTheTenant() async throws {
    try await ServerHarness().test { client in
      let tenant = try await createTenant(
        client,
        #"{"allowPasswordSignup":true,"mfaConfig":{"state":"ENABLED","enabledProviders":["PHONE_SMS"]}}"#)
      let id = try #require(tenant["tenantId"] as? String)
      let create = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/tenants/\(id)/accounts"
      let (created, user) = try await client.call(
        .post, create,
        #"{"email":"ada@example.com","password":"hunter22","emailVerified":true,"mfaInfo":[{"phoneInfo":"+15555550111"}]}"#,
        headers: owner)
      #expect(created == 200, "\(user)")
      let (_, pending) = try await client.post(
        "accounts:signInWithPassword",
        #"{"email":"ada@example.com","password":"hunter22","tenantId":"\#(id)"}"#)
      let credential = try #require(pending["mfaPendingCredential"] as? String, "\(pending)")
      let factorID = try #require(
        (pending["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] as? String)
      let v2 = "/identitytoolkit.googleapis.com/v2/accounts"
      // The tenant may be named in the path, as under `/v1/projects/{id}/tenants/{tenantId}/`.
      let (started, start) = try await client.call(
        .post,
        "/identitytoolkit.googleapis.com/v2/projects/demo-authflow/tenants/\(id)/accounts/mfaSignIn:start",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factorID)"}"#, headers: owner)
      #expect(started == 200, "\(start)")
      let sessionInfo = try #require(
        (start["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
      let (_, listed) = try await client.call(
        .get, "/emulator/v1/projects/demo-authflow/tenants/\(id)/verificationCodes")
      let code = try #require((listed["verificationCodes"] as? [[String: Any]])?.last?["code"] as? String)
      // Another tenant's request is refused, as the emulator refuses it.
      let finalize =
        #"{"mfaPendingCredential":"\#(credential)","phoneVerificationInfo":{"sessionInfo":"\#(sessionInfo)","code":"\#(code)"}"#
      let (_, outside) = try await client.call(
        .post, "\(v2)/mfaSignIn:finalize?key=fake-api-key", finalize + #","tenantId":"globex"}"#)
      #expect(
        errorMessage(outside) == "INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
      let (status, signedIn) = try await client.call(
        .post, "\(v2)/mfaSignIn:finalize?key=fake-api-key", finalize + #","tenantId":"\#(id)"}"#)
      #expect(status == 200, "\(signedIn)")
      let token = try #require(signedIn["idToken"] as? String)
      let firebase = try #require(try claims(ofIDToken: token)["firebase"] as? [String: Any])
      #expect(firebase["tenant"] as? String == id)
      #expect(firebase["sign_in_second_factor"] as? String == "phone")
    }
  }

  /// Signs in to `tenant` with a password as an account with one phone factor and answers the pending credential
  /// and the factor's id.
  private func pendingSignIn(_ client: ServerHarness.Client, tenant: String?, number: String = "+15555550111")
    async throws -> (credential: String, factor: String)
  {
    let scope = tenant.map { "/tenants/\($0)" } ?? ""
    let create = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow\(scope)/accounts"
    let (created, user) = try await client.call(
      .post, create,
      #"{"email":"ada@example.com","password":"hunter22","emailVerified":true,"mfaInfo":[{"phoneInfo":"\#(number)"}]}"#,
      headers: owner)
    #expect(created == 200, "\(user)")
    let named = tenant.map { #","tenantId":"\#($0)""# } ?? ""
    let (_, pending) = try await client.post(
      "accounts:signInWithPassword", #"{"email":"ada@example.com","password":"hunter22"\#(named)}"#)
    let credential = try #require(pending["mfaPendingCredential"] as? String, "\(pending)")
    let factor = try #require((pending["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] as? String)
    return (credential, factor)
  }

  @Test func aTenantsPendingCredentialFindsItsTenantWhenTheRequestNamesNone() async throws {
    try await ServerHarness().test { client in
      let (credential, factor) = try await pendingSignIn(client, tenant: "acme")
      let v2 = "/identitytoolkit.googleapis.com/v2/accounts"
      let (started, start) = try await client.call(
        .post, "\(v2)/mfaSignIn:start?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factor)"}"#)
      #expect(started == 200, "\(start)")
      let sessionInfo = try #require(
        (start["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
      // The SMS went out in the tenant, not in the project.
      let (_, projectCodes) = try await client.call(
        .get, "/emulator/v1/projects/demo-authflow/verificationCodes")
      #expect((projectCodes["verificationCodes"] as? [Any])?.isEmpty == true)
      let (_, listed) = try await client.call(
        .get, "/emulator/v1/projects/demo-authflow/tenants/acme/verificationCodes")
      let code = try #require((listed["verificationCodes"] as? [[String: Any]])?.last?["code"] as? String)
      let (status, signedIn) = try await client.call(
        .post, "\(v2)/mfaSignIn:finalize?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","phoneVerificationInfo":{"sessionInfo":"\#(sessionInfo)","code":"\#(code)"}}"#
      )
      #expect(status == 200, "\(signedIn)")
      let token = try #require(signedIn["idToken"] as? String)
      let firebase = try #require(try claims(ofIDToken: token)["firebase"] as? [String: Any])
      #expect(firebase["tenant"] as? String == "acme")
      #expect(firebase["second_factor_identifier"] as? String == factor)
    }
  }

  @Test func aPendingCredentialNamedWithAnotherTenantIsRefusedAsTheEmulatorRefusesIt() async throws {
    try await ServerHarness().test { client in
      let mismatch = "INVALID_PROJECT_ID : Project ID does not match MFA pending credential."
      let v2 = "/identitytoolkit.googleapis.com/v2/accounts"
      // The project's credential in a tenant's request.
      let (projectCredential, projectFactor) = try await pendingSignIn(client, tenant: nil)
      let (status, refused) = try await client.call(
        .post, "\(v2)/mfaSignIn:start?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(projectCredential)","mfaEnrollmentId":"\#(projectFactor)","tenantId":"acme"}"#
      )
      #expect(status == 400)
      #expect(errorMessage(refused) == mismatch)
      // A tenant's credential under another tenant's path.
      let (credential, factor) = try await pendingSignIn(client, tenant: "acme", number: "+15555550122")
      let (_, path) = try await client.call(
        .post,
        "/identitytoolkit.googleapis.com/v2/projects/demo-authflow/tenants/globex/accounts/mfaSignIn:start",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factor)"}"#, headers: owner)
      #expect(errorMessage(path) == mismatch)
      // Once the tenant is gone, its credential is no one's.
      _ = try await client.call(.delete, "\(tenantsPath)/acme", headers: owner)
      let (_, gone) = try await client.call(
        .post, "\(v2)/mfaSignIn:start?key=fake-api-key",
        #"{"mfaPendingCredential":"\#(credential)","mfaEnrollmentId":"\#(factor)"}"#)
      #expect(errorMessage(gone) == "INVALID_MFA_PENDING_CREDENTIAL")
      let (_, tenantsLeft) = try await client.call(.get, tenantsPath, headers: owner)
      #expect((tenantsLeft["tenants"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func aTenantsPhoneSessionSignsInToItsTenantWhenTheRequestNamesNone() async throws {
    try await ServerHarness().test { client in
      let number = "+15555550133"
      let (sent, send) = try await client.post(
        "accounts:sendVerificationCode", #"{"phoneNumber":"\#(number)","tenantId":"acme"}"#)
      #expect(sent == 200, "\(send)")
      let sessionInfo = try #require(send["sessionInfo"] as? String)
      let (_, listed) = try await client.call(
        .get, "/emulator/v1/projects/demo-authflow/tenants/acme/verificationCodes")
      let code = try #require((listed["verificationCodes"] as? [[String: Any]])?.last?["code"] as? String)
      let (status, signedIn) = try await client.post(
        "accounts:signInWithPhoneNumber", #"{"sessionInfo":"\#(sessionInfo)","code":"\#(code)"}"#)
      #expect(status == 200, "\(signedIn)")
      let token = try #require(signedIn["idToken"] as? String)
      let firebase = try #require(try claims(ofIDToken: token)["firebase"] as? [String: Any])
      #expect(firebase["tenant"] as? String == "acme")
      // The account is the tenant's: the project has none.
      let (_, projectUsers) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:query",
        #"{"returnUserInfo":false}"#, headers: owner)
      #expect(projectUsers["recordsCount"] as? String == "0")
    }
  }

  @Test func aTenantWithMFAOffRefusesEnrolment() async throws {
    try await ServerHarness().test { client in
      let tenant = try await createTenant(client, #"{"allowPasswordSignup":true}"#)
      let id = try #require(tenant["tenantId"] as? String)
      let create = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/tenants/\(id)/accounts"
      _ = try await client.call(
        .post, create, #"{"email":"ada@example.com","password":"hunter22","emailVerified":true}"#,
        headers: owner)
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPassword",
        #"{"email":"ada@example.com","password":"hunter22","tenantId":"\#(id)"}"#)
      let idToken = try #require(signedIn["idToken"] as? String, "\(signedIn)")
      let (status, refused) = try await client.call(
        .post, "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=fake-api-key",
        #"{"idToken":"\#(idToken)","totpEnrollmentInfo":{}}"#)
      #expect(status == 400)
      #expect(errorMessage(refused) == "OPERATION_NOT_ALLOWED : Multi-factor authentication is not enabled.")
    }
  }

  @Test func importedUsersGoToTheRequestsTenantAndAnotherTenantsUserIsRefused() async throws {
    try await ServerHarness().test { client in
      let batch = "/identitytoolkit.googleapis.com/v1/projects/demo-authflow/accounts:batchCreate"
      let (status, json) = try await client.call(
        .post, batch,
        #"{"tenantId":"acme","users":[{"localId":"u1","email":"ada@example.com","rawPassword":"hunter22"},{"localId":"u2","tenantId":"globex"}]}"#,
        headers: owner)
      #expect(status == 200, "\(json)")
      let errors = try #require(json["error"] as? [[String: Any]])
      #expect(errors.count == 1)
      #expect(errors.first?["index"] as? Int == 1)
      #expect(
        errors.first?["message"] as? String
          == "Tenant id in userInfo does not match the tenant id in request.")
      let (_, signedIn) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"ada@example.com","password":"hunter22","tenantId":"acme"}"#
      )
      #expect(signedIn["localId"] as? String == "u1")
      let (_, project) = try await client.post(
        "accounts:signInWithPassword", #"{"email":"ada@example.com","password":"hunter22"}"#)
      #expect(errorMessage(project) == "INVALID_LOGIN_CREDENTIALS")
    }
  }
}
