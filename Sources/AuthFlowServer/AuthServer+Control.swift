import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// authflow's own control endpoints, for what the emulator lacks (see Docs/Serve.md):
/// `GET /authflow/v1/clock`, `POST /authflow/v1/clock:advance`, `GET /authflow/v1/outbox`,
/// `GET /authflow/v1/authenticators`, `GET|PATCH /authflow/v1/settings`, `POST /authflow/v1/failNext`,
/// `POST /authflow/v1/given`.
extension AuthServer {
  func control(_ call: Call, _ parts: [String]) throws -> (Int, JSON) {
    guard parts.count == 2, parts[0] == "v1" else { throw ServiceError.notFound }
    switch (parts[1], call.method) {
    case ("clock", "GET"):
      return (200, clockJSON(world.now))
    case ("clock:advance", "POST"):
      struct Advance: Decodable { var by: String? }
      let request = try call.decode(Advance.self)
      guard let text = request.by, let duration = VirtualDuration(parsing: text) else {
        throw ServiceError.invalidArgument("'by' must be a duration such as 30s, 5m, 1h30m or 3d")
      }
      // One clock: every tenant's world moves with the project's.
      for tenant in tenants.worlds { tenant.advance(by: duration) }
      return (200, clockJSON(world.advance(by: duration)))
    case ("outbox", "GET"):
      let emails: [JSON] = world.outbox.map { mail in
        [
          "to": .string(mail.to), "kind": .string(mail.kind.rawValue),
          "sentAt": .string(mail.sentAt.description),
          "oobCode": .string(mail.code), "link": .string(actionLink(call, mail.kind, mail.code)),
        ]
      }
      return (200, ["emails": .array(emails)])
    case ("authenticators", "GET"):
      let codes: [JSON] = world.authenticatorCodes().map { entry in
        [
          "localId": .string(entry.uid), "email": .optional(entry.email),
          "mfaEnrollmentId": .string(entry.factorID), "code": .string(entry.code),
        ]
      }
      return (200, ["authenticators": .array(codes)])
    case ("settings", "GET"):
      return (200, SettingsPatch.json(world.settings))
    case ("settings", "PATCH"):
      var settings = world.settings
      try SettingsPatch.apply(call.body, to: &settings)
      world.setSettings(settings)
      return (200, SettingsPatch.json(settings))
    case ("failNext", "POST"):
      struct FailNext: Decodable {
        var operation: String?
        var error: String?
      }
      let request = try call.decode(FailNext.self)
      guard let operation = request.operation.flatMap(BackendOperation.init(rawValue:)), operation.isServed
      else {
        let served = BackendOperation.allCases.filter(\.isServed).map(\.rawValue)
        let suggestion =
          request.operation.flatMap { Suggestion.nearest(to: $0, in: served) }.map {
            " Did you mean '\($0)'?"
          } ?? ""
        throw ServiceError.invalidArgument(
          "'operation' must be one of \(served.joined(separator: ", ")).\(suggestion)")
      }
      guard let error = request.error.flatMap(AuthErrorCode.init(parsing:)) else {
        throw ServiceError.invalidArgument("'error' must be an auth error code such as too-many-requests")
      }
      world.failNext(operation, with: error)
      return (200, ["operation": .string(operation.rawValue), "error": .string(error.rawValue)])
    case ("given", "POST"):
      let text = String(data: call.body, encoding: .utf8) ?? ""
      let settings: BackendSettings
      let given: Given
      do throws(GivenFile.Problem) {
        (settings, given) = try GivenFile.load(yaml: text, file: "request body")
      } catch {
        throw ServiceError.invalidArgument(error.description)
      }
      world.load(settings: settings, given: given)
      tenants.removeAll()
      tokens.startOver()
      return (200, ["accounts": .int(Int64(given.accounts.count)), "now": .string(given.now.description)])
    case ("clock", _), ("clock:advance", _), ("outbox", _), ("authenticators", _), ("settings", _),
      ("failNext", _),
      ("given", _):
      throw ServiceError(status: 404, "Method not found.", canonical: "NOT_FOUND")
    default:
      throw ServiceError.notFound
    }
  }

  private func clockJSON(_ now: VirtualTime) -> JSON {
    ["now": .string(now.description), "secondsSince1970": .int(now.secondsSince1970)]
  }
}
