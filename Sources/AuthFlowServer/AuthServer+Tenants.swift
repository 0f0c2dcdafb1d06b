import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Multi-tenancy: which tenant a request is for, and the tenant management API
/// (`/v2/projects/{id}/tenants[/{tenantId}]`).
///
/// A request names its tenant in the path (`/v1/projects/{id}/tenants/{tenantId}/accounts:…`, as tenant-aware
/// Admin SDKs call), in the body (`tenantId`, as client SDKs send `auth.tenantId`), or through its ID token or
/// refresh token; two of them naming different tenants is `TENANT_ID_MISMATCH`. A tenant named for the first
/// time is created with every sign-in method on, as the emulator does, so client tests need no setup.
extension AuthServer {
  /// This server as it serves tenant `id` (created with ``TenantConfig/namedOnUse`` if new). A tenant that was
  /// deleted is not made again: `TENANT_NOT_FOUND`, as production answers any unknown tenant.
  func serving(tenant id: String) throws(ServiceError) -> AuthServer {
    if tenants.tenant(id) == nil, tenants.wasDeleted(id) { throw ServiceError("TENANT_NOT_FOUND") }
    let entry = tenants.add(id, config: .namedOnUse, project: project)
    return AuthServer(self, tenant: id, world: entry.world)
  }

  /// The server for the tenant `call` is meant for: the path's, the body's `tenantId`, or that of the ID token
  /// or refresh token it carries; the project itself when none names one. A request that names no tenant and
  /// carries an MFA pending credential, an SMS `sessionInfo` or a temporary proof a tenant issued goes to that
  /// tenant: the credential says who issued it (see ``credentialTenant(_:named:)``).
  func scoped(_ call: Call, pathTenant: String?) throws(ServiceError) -> AuthServer {
    struct Scope: Decodable {
      var tenantId: String?
      var idToken: String?
      var mfaPendingCredential: String?
      var sessionInfo: String?
      var temporaryProof: String?
    }
    let decoded = Result { try JSONDecoder().decode(Scope.self, from: call.body) }
    if case .failure(let error) = decoded, case .typeMismatch(_, let context)? = error as? DecodingError,
      context.codingPath.first?.stringValue == "tenantId"
    {
      // A tenant id that is not a string must not quietly mean the project (production refuses it).
      throw .badJSON("Invalid value at 'tenantId'.")
    }
    let scope = call.body.isEmpty ? nil : try? decoded.get()
    let bodyTenant = scope?.tenantId.flatMap { $0.isEmpty ? nil : $0 } ?? call.queryValue("tenantId")
    if let pathTenant, let bodyTenant, pathTenant != bodyTenant { throw ServiceError("TENANT_ID_MISMATCH") }
    var target = pathTenant ?? bodyTenant
    if let jwt = scope?.idToken, let owner = tokens.tenant(ofIDToken: jwt) {
      if let target, target != owner { throw ServiceError("TENANT_ID_MISMATCH") }
      target = owner
    }
    if let scope { target = try credentialTenant(scope.mfaPendingCredential, named: target) }
    if target == nil, scope?.idToken == nil {
      let session = scope?.sessionInfo.flatMap(tokens.issuer(ofCredential:))
      let proof = scope?.temporaryProof.flatMap(tokens.issuer(ofCredential:))
      if case .tenant(let owner) = session ?? proof, tenants.tenant(owner) != nil { target = owner }
    }
    guard let target else { return self }
    let server = try serving(tenant: target)
    try server.requireEnabled()
    return server
  }

  /// The tenant a request carrying the MFA pending credential `credential` is for, when the request names
  /// `named` (nil: none). The credential says who issued it (the emulator writes its project and tenant into it;
  /// production's is an opaque token), so a request that names no tenant signs in to the credential's (the JS SDK
  /// names it, `_addTidIfNecessary`; a request without it still works). A request that names another tenant than the credential's, or a tenant
  /// for the project's credential, is refused as the emulator refuses it (`parsePendingCredential`:
  /// `INVALID_PROJECT_ID : Project ID does not match MFA pending credential.`). A credential of a tenant since
  /// deleted goes nowhere: the project does not know it (`INVALID_MFA_PENDING_CREDENTIAL`).
  private func credentialTenant(_ credential: String?, named: String?) throws(ServiceError) -> String? {
    guard let credential, !credential.isEmpty, let issuer = tokens.issuer(ofCredential: credential) else {
      return named
    }
    switch (issuer, named) {
    case (.project, nil): return nil
    case (.tenant(let owner), nil): return tenants.tenant(owner) == nil ? nil : owner
    case (.tenant(let owner), let named?) where owner == named: return named
    case (.project, _?), (.tenant, _?):
      throw ServiceError("INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")
    }
  }

  /// A tenant with `disableAuth` refuses every call, its admins' included, as production documents.
  func requireEnabled() throws(ServiceError) {
    guard let tenantID, let entry = tenants.tenant(tenantID), entry.config.isDisabled else { return }
    throw ServiceError("PROJECT_DISABLED")
  }

  /// `/v2/projects/{id}/tenants` (`GET` lists, `POST` creates) and `/v2/projects/{id}/tenants/{tenantId}`
  /// (`GET`, `PATCH ?updateMask=`, `DELETE`).
  func tenantManagement(_ call: Call, _ rest: [String]) throws -> JSON {
    switch (rest.count, call.method) {
    case (0, "GET"):
      return try listTenants(call)
    case (0, "POST"):
      let config = try call.decode(TenantConfig.self)
      let id = newTenantID(displayName: config.displayName)
      let entry = tenants.add(id, config: config, project: project)
      return entry.config.json(project: projectID, id: id)
    case (1, "GET"):
      return try serving(tenant: rest[0]).tenantJSON
    case (1, "PATCH"):
      let update = try call.decode(TenantConfig.self)
      let mask = (call.queryValue("updateMask") ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      _ = try serving(tenant: rest[0])
      let config = tenants.update(rest[0], project: project) { $0.apply(update, mask: mask) }
      return (config ?? update).json(project: projectID, id: rest[0])
    case (1, "DELETE"):
      guard tenants.remove(rest[0]) else { throw ServiceError("TENANT_NOT_FOUND") }
      return [:]
    case (0, _), (1, _):
      throw ServiceError(status: 404, "Method not found.", canonical: "NOT_FOUND")
    default:
      throw ServiceError.notFound
    }
  }

  /// This tenant's resource.
  private var tenantJSON: JSON {
    guard let tenantID, let entry = tenants.tenant(tenantID) else { return [:] }
    return entry.config.json(project: projectID, id: tenantID)
  }

  /// `GET …/tenants?pageSize=&pageToken=`: tenants in id order, `pageSize` (default 20, at most 1,000) at a
  /// time; 0 or less is the default, as proto3 reads an unset number (the emulator the same), and a size that
  /// is no whole number is refused as the API front end refuses it. A full page carries a `nextPageToken` (its
  /// last id), even when nothing follows, as the API does.
  private func listTenants(_ call: Call) throws(ServiceError) -> JSON {
    let requested = try Self.integer(call.queryValue("pageSize"), field: "page_size", type: "TYPE_INT32")
    let pageSize = min(requested <= 0 ? 20 : requested, 1000)
    let after = call.queryValue("pageToken").flatMap { $0.isEmpty ? nil : $0 }
    let ids = tenants.ids.filter { after == nil || $0 > after ?? "" }
    let page = Array(ids.prefix(pageSize))
    let listed: [JSON] = page.compactMap { id in tenants.tenant(id)?.config.json(project: projectID, id: id) }
    var json: [String: JSON] = ["tenants": .array(listed)]
    if page.count == pageSize, let last = page.last { json["nextPageToken"] = .string(last) }
    return .object(json)
  }

  /// A new tenant's id as production forms them: the display name in lower case (or `tenant`), a hyphen and
  /// five characters from the world's seeded generator.
  private func newTenantID(displayName: String?) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    let base = String((displayName ?? "").lowercased().filter { allowed.contains($0) }.prefix(20))
    let prefix = base.isEmpty ? "tenant" : base
    var id = prefix
    repeat {
      let letters = project.identifier(length: 16).lowercased().filter { $0.isLetter || $0.isNumber }
      id = prefix + "-" + String(letters.prefix(5))
    } while tenants.tenant(id) != nil || tenants.wasDeleted(id)
    return id
  }
}
