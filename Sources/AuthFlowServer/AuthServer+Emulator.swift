import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The Firebase Auth emulator's own endpoints (`/emulator/v1/projects/{id}/…`) and its action-link page.
extension AuthServer {
  func emulator(_ call: Call, _ parts: [String]) throws -> (Int, JSON) {
    if parts == ["action"] {
      try require("GET", call)
      // A tenant's link names its tenant.
      throw try
        (call.queryValue("tenantId").map { id throws(ServiceError) in try serving(tenant: id) } ?? self)
        .actionPage(call)
    }
    if parts.count == 6, parts[0] == "v1", parts[1] == "projects", parts[3] == "tenants" {
      // A tenant's codes and accounts: `/emulator/v1/projects/{id}/tenants/{tenantId}/…`.
      return try serving(tenant: parts[4]).emulator(call, Array(parts.prefix(3)) + [parts[5]])
    }
    if parts == ["auth", "handler"] {
      try require("GET", call)
      throw try identityProviderWidget(call)
    }
    if parts == ["auth", "iframe"] {
      try require("GET", call)
      throw try relayPage(call)
    }
    guard parts.count == 4, parts[0] == "v1", parts[1] == "projects" else { throw ServiceError.notFound }
    switch (parts[3], call.method) {
    case ("oobCodes", "GET"):
      // As the emulator lists them: an email change under the account's email, with `newEmail`.
      let codes: [JSON] = world.outbox.map { mail in
        let change = mail.kind == .verifyAndChangeEmail
        return [
          "email": .string(change ? mail.accountEmail : mail.to), "oobCode": .string(mail.code),
          "oobLink": .string(actionLink(call, mail.kind, mail.code)),
          "requestType": .string(mail.kind.requestType),
          "newEmail": .optional(change ? mail.to : nil),
        ]
      }
      return (200, ["oobCodes": .array(codes)])
    case ("verificationCodes", "GET"):
      // Every SMS sent, as the emulator lists the codes it logged; a test number gets no SMS and is not listed.
      let codes: [JSON] = world.smsOutbox.map { message in
        [
          "phoneNumber": .string(message.to), "sessionInfo": .string(message.verificationID),
          "code": .string(message.code),
        ]
      }
      return (200, ["verificationCodes": .array(codes)])
    case ("accounts", "DELETE"):
      world.removeAllAccounts()
      return (200, [:])
    case ("config", "GET"):
      return (200, emulatorConfig)
    case ("config", "PATCH"):
      try patchConfig(call, mask: nil)
      return (200, emulatorConfig)
    case ("oobCodes", _), ("verificationCodes", _), ("accounts", _), ("config", _):
      throw ServiceError(status: 404, "Method not found.", canonical: "NOT_FOUND")
    default:
      throw ServiceError.notFound
    }
  }

  /// `GET`/`PATCH /v2/projects/{id}/config`: the Admin API's project config, as the emulator serves it, with
  /// the same two fields as the emulator's own config endpoint, and an empty `blockingFunctions` (serve runs
  /// none); a `PATCH` with `updateMask` changes only the listed fields (`emailPrivacyConfig`,
  /// `signIn.allowDuplicateEmails`, or a parent of one), one without sets both (unset: off).
  func projectConfig(_ call: Call) throws -> JSON {
    switch call.method {
    case "GET": return emulatorConfig
    case "PATCH":
      let mask = call.queryValue("updateMask").map { $0.split(separator: ",").map(String.init) } ?? []
      if mask.isEmpty {
        // No mask is a full update: what the body leaves out goes back to its default, as the emulator does.
        let patch = try call.decode(EmulatorConfigPatch.self)
        var settings = world.settings
        settings.oneAccountPerEmail = patch.signIn?.allowDuplicateEmails != true
        settings.emailEnumerationProtection = patch.emailPrivacyConfig?.enableImprovedEmailPrivacy == true
        world.setSettings(settings)
      } else {
        try patchConfig(call, mask: mask)
      }
      return emulatorConfig
    default: throw ServiceError(status: 404, "Method not found.", canonical: "NOT_FOUND")
    }
  }

  /// Applies a config body's fields; with a mask, only the fields it lists.
  private func patchConfig(_ call: Call, mask: [String]?) throws(ServiceError) {
    let patch = try call.decode(EmulatorConfigPatch.self)
    func listed(_ path: String) -> Bool {
      guard let mask else { return true }
      return mask.contains { path == $0 || path.hasPrefix($0 + ".") }
    }
    var settings = world.settings
    if listed("signIn.allowDuplicateEmails"), let duplicates = patch.signIn?.allowDuplicateEmails {
      settings.oneAccountPerEmail = !duplicates
    }
    if listed("emailPrivacyConfig.enableImprovedEmailPrivacy"),
      let privacy = patch.emailPrivacyConfig?.enableImprovedEmailPrivacy
    {
      settings.emailEnumerationProtection = privacy
    }
    world.setSettings(settings)
  }

  private var emulatorConfig: JSON {
    let settings = world.settings
    return [
      "signIn": ["allowDuplicateEmails": .bool(!settings.oneAccountPerEmail)],
      "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(settings.emailEnumerationProtection)],
      "blockingFunctions": [:],
    ]
  }

  struct EmulatorConfigPatch: Decodable {
    var signIn: SignIn?
    var emailPrivacyConfig: Privacy?
    struct SignIn: Decodable { var allowDuplicateEmails: Bool? }
    struct Privacy: Decodable { var enableImprovedEmailPrivacy: Bool? }
  }

  /// What a browser opening an emailed link sees: `verifyEmail`, `verifyAndChangeEmail` and `recoverEmail` apply
  /// the code; `resetPassword` checks it,
  /// and completes the reset when the link carries `newPassword` (the emulator shows a form instead).
  func actionPage(_ call: Call) -> HTMLPage {
    guard let code = call.queryValue("oobCode"), !code.isEmpty else {
      return HTMLPage(status: 400, html: page("Error encountered", "The link has no oobCode."))
    }
    do {
      switch call.queryValue("mode") {
      case "verifyEmail", "verifyAndChangeEmail", "recoverEmail":
        let (kind, account) = try world.applyActionCode(code)
        let title =
          switch kind {
          case .verifyAndChangeEmail: "Your email has been verified and changed"
          case .recoverEmail: "Your email has been restored"
          case .verifyEmail, .passwordReset, .signInLink: "Your email has been verified"
          }
        return HTMLPage(status: 200, html: page(title, account.email ?? ""))
      case "signIn":
        // The hosted handler passes a sign-in link on to the app; nothing is consumed here.
        _ = try world.checkActionCode(code)
        return HTMLPage(
          status: 200, html: page("Continue in the app", "Open this link in the app to sign in."))
      case "resetPassword":
        let newPassword = call.queryValue("newPassword")
        let email = try world.resetPassword(code: code, newPassword: newPassword)
        let text =
          newPassword == nil ? "Reset the password of \(email): add &newPassword=… to this link." : email
        return HTMLPage(
          status: 200, html: page(newPassword == nil ? "Reset your password" : "Password changed", text))
      default:
        return HTMLPage(status: 400, html: page("Error encountered", "Unknown mode."))
      }
    } catch {
      let message = ServiceError(error).message
      return HTMLPage(status: 400, html: page("Error encountered", message))
    }
  }

  private func page(_ title: String, _ text: String) -> String {
    func escape(_ value: String) -> String {
      value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    return "<!doctype html><title>\(escape(title))</title><h1>\(escape(title))</h1><p>\(escape(text))</p>\n"
  }
}
