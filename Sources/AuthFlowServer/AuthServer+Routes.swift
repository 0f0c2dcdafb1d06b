import AuthFlowEngine
import AuthFlowLanguage

extension AuthServer {
  /// Finds the endpoint for a method and path. An unknown path is 404 `NOT_FOUND`; a known path with the wrong
  /// method is 404 too, as Google's front end answers (`Method not found.`).
  func route(_ call: Call) throws -> (Int, JSON) {
    let parts = call.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    switch parts.first {
    case "identitytoolkit.googleapis.com":
      // A client's call names an API key, the Admin SDKs' carries a bearer; the project-scoped paths take the
      // bearer only (`requireOwner`).
      if parts.count > 2 { try requireCaller(call) }
      return try identityToolkit(call, Array(parts.dropFirst()))
    case "www.googleapis.com":
      try requireCaller(call)
      return try legacyRelyingParty(call, Array(parts.dropFirst()))
    case "securetoken.googleapis.com":
      guard parts == ["securetoken.googleapis.com", "v1", "token"] else { throw ServiceError.notFound }
      try require("POST", call)
      try requireCaller(call)
      // A tenant's session refreshes in its tenant, which the refresh token says.
      let server =
        try refreshToken(in: call).map { id throws(ServiceError) in try serving(tenant: id) } ?? self
      try server.requireEnabled()
      return (200, try server.refreshToken(call))
    case "emulator":
      return try emulator(call, Array(parts.dropFirst()))
    case "authflow":
      return try control(call, Array(parts.dropFirst()))
    case nil:
      try require("GET", call)
      return (200, ["authEmulator": ["ready": true], "server": "authflow serve"])
    default:
      throw ServiceError.notFound
    }
  }

  /// A client's call must name an API key, an Admin call carries an OAuth 2 bearer; a call with neither is
  /// refused as Google's front end refuses it.
  func requireCaller(_ call: Call) throws(ServiceError) {
    guard !call.hasAPIKey, !call.hasOwnerCredential else { return }
    throw ServiceError(
      status: 403,
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or "
        + "other form of API consumer identity to call this API.",
      canonical: "PERMISSION_DENIED")
  }

  /// A path that names the project (`/v1/projects/{id}/…`, `/v2/projects/{id}/config`, tenant management) is for
  /// OAuth 2 callers only: an API key alone is refused as production refuses a client's `targetProjectId`, and
  /// as the emulator refuses these paths (its `targetProjectId` check runs on the path's project too).
  func requireOwner(_ call: Call) throws(ServiceError) {
    guard !call.hasOwnerCredential else { return }
    throw ServiceError("INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
  }

  /// The Identity Toolkit v3 paths (`/www.googleapis.com/identitytoolkit/v3/relyingparty/X`) that the iOS and
  /// Android SDKs still call for most operations: each is the v1 endpoint of the same operation, answered the
  /// same way.
  private func legacyRelyingParty(_ call: Call, _ parts: [String]) throws -> (Int, JSON) {
    guard parts.count == 4, parts[0] == "identitytoolkit", parts[1] == "v3", parts[2] == "relyingparty",
      let endpoint = Self.legacyEndpoints[parts[3]]
    else { throw ServiceError.notFound }
    return try identityToolkit(call, ["v1", endpoint])
  }

  /// v3 name → v1 endpoint.
  private static let legacyEndpoints = [
    "createAuthUri": "accounts:createAuthUri", "deleteAccount": "accounts:delete",
    "emailLinkSignin": "accounts:signInWithEmailLink", "getAccountInfo": "accounts:lookup",
    "getOobConfirmationCode": "accounts:sendOobCode", "getProjectConfig": "projects",
    "getRecaptchaParam": "recaptchaParams", "resetPassword": "accounts:resetPassword",
    "sendVerificationCode": "accounts:sendVerificationCode", "setAccountInfo": "accounts:update",
    "signupNewUser": "accounts:signUp", "verifyAssertion": "accounts:signInWithIdp",
    "verifyCustomToken": "accounts:signInWithCustomToken", "verifyPassword": "accounts:signInWithPassword",
    "verifyPhoneNumber": "accounts:signInWithPhoneNumber",
  ]

  func require(_ method: String, _ call: Call) throws(ServiceError) {
    guard call.method == method else {
      throw ServiceError(status: 404, "Method not found.", canonical: "NOT_FOUND")
    }
  }

  /// `/identitytoolkit.googleapis.com/v1/accounts:X`, `/v1/projects/{id}/accounts[:X]` and the v2 MFA
  /// endpoints.
  private func identityToolkit(_ call: Call, _ parts: [String]) throws -> (Int, JSON) {
    if parts.first == "v2" { return (200, try identityToolkitV2(call, Array(parts.dropFirst()))) }
    guard parts.first == "v1", parts.count >= 2 else { throw ServiceError.notFound }
    var rest = Array(parts.dropFirst())
    // The Admin SDK: an owner credential, which the project-scoped paths (the Admin SDKs' own) require. What a
    // request's body asks never makes it admin.
    let admin = call.hasOwnerCredential
    var pathTenant: String?
    if rest.first == "projects", rest.count >= 3 {
      try requireOwner(call)
      rest = Array(rest.dropFirst(2))
      if rest.first == "tenants", rest.count >= 3 {
        pathTenant = rest[1]
        rest = Array(rest.dropFirst(2))
      }
    }
    guard rest.count == 1 else { throw ServiceError.notFound }
    return try scoped(call, pathTenant: pathTenant).identityToolkitV1(call, endpoint: rest[0], admin: admin)
  }

  /// One `/v1` endpoint, served by the server of the request's tenant (or the project's).
  private func identityToolkitV1(_ call: Call, endpoint: String, admin: Bool) throws -> (Int, JSON) {
    if admin, endpoint == "accounts" {
      try require("POST", call)
      return (200, try adminCreate(call))
    }
    if admin, endpoint == "accounts:batchGet" {
      try require("GET", call)
      return (200, try batchGet(call))
    }
    if endpoint == "projects" {
      try require("GET", call)
      // The project's public configuration; SDKs read `authorizedDomains` before a web sign-in, which serve
      // does not check.
      return (200, ["projectId": .string(projectID), "authorizedDomains": ["localhost", "127.0.0.1"]])
    }
    if endpoint == "recaptchaParams" {
      try require("GET", call)
      // The reCAPTCHA parameters older web SDKs read before a phone sign-in. Serve checks no app, so they are
      // placeholders, named so that nobody mistakes them for real ones.
      return (
        200,
        [
          "kind": "identitytoolkit#GetRecaptchaParamResponse",
          "recaptchaSiteKey": "authflow-serve-placeholder-site-key",
          "recaptchaStoken": "authflow-serve-placeholder-stoken-no-recaptcha-is-checked",
        ]
      )
    }
    try require("POST", call)
    // Naming another project is for OAuth 2 callers only, as production rules.
    struct TargetProject: Decodable { var targetProjectId: String? }
    if !admin, (try? call.decode(TargetProject.self))?.targetProjectId != nil {
      throw ServiceError(
        "INSUFFICIENT_PERMISSION : Only authenticated requests can specify target_project_id.")
    }
    switch endpoint {
    case "accounts:signUp": return (200, admin ? try adminSignUp(call) : try signUp(call))
    case "accounts:signInWithPassword": return (200, try signInWithPassword(call))
    case "accounts:signInWithIdp": return (200, try signInWithIdp(call))
    case "accounts:signInWithEmailLink": return (200, try signInWithEmailLink(call))
    case "accounts:signInWithCustomToken": return (200, try signInWithCustomToken(call))
    case "accounts:sendVerificationCode": return (200, try sendVerificationCode(call))
    case "accounts:signInWithPhoneNumber": return (200, try signInWithPhoneNumber(call))
    case "accounts:sendOobCode": return (200, try sendOobCode(call, admin: admin))
    case "accounts:update": return (200, try update(call, admin: admin))
    case "accounts:lookup": return (200, try lookup(call, admin: admin))
    case "accounts:delete": return (200, try delete(call, admin: admin))
    case "accounts:createAuthUri": return (200, try createAuthUri(call))
    case "accounts:resetPassword": return (200, try resetPassword(call))
    case "accounts:batchCreate" where admin: return (200, try batchCreate(call))
    case "accounts:batchDelete" where admin: return (200, try batchDelete(call))
    case "accounts:query" where admin: return (200, try query(call))
    default: throw ServiceError.notFound
    }
  }
}
