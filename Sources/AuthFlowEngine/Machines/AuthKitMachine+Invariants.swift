import AuthFlowLanguage

extension AuthKitMachine {
  /// What authkit promises besides ``Invariant/builtIn``, checked after every step of every run on authkit
  /// and its mutants. Each catches the bug of one mutant above (`no-auth-listener` breaks the built-in
  /// `app-follows-session`).
  static let invariants: [Invariant] = [
    verifyEmailGate, foregroundReloadsUser, refreshReloadsUser, resendCountdown,
    deleteOnlyAfterReauthentication,
    pendingCredentialLinked,
  ]

  /// `signedInUnverified` on `verifyEmail` exactly when the cached user is an unverified password user.
  static let verifyEmailGate = Invariant(
    name: "verify-email-gate",
    catches:
      "an app that lets a user whose password account is unverified past the verify-email screen "
      + "(authkit~unverified-is-signed-in), or keeps a verified user on it"
  ) { view in
    for device in view.devices {
      guard let state = device.state, let user = device.user else { continue }
      let email = user.email ?? "?"
      if user.isUnverifiedPasswordUser, state != .signedInUnverified {
        return "\(device.name) shows \(state.rawValue) on \(device.screen ?? "?") for \(email), whose "
          + "password account is unverified (cached email_verified false)"
      }
      if !user.isUnverifiedPasswordUser, state == .signedInUnverified {
        return "\(device.name) shows signedInUnverified for \(email), whose cached user needs no verification"
      }
      if state == .signedInUnverified, device.screen != Screen.verifyEmail.rawValue {
        return "\(device.name) is signedInUnverified on \(device.screen ?? "?"), not on verifyEmail"
      }
    }
    return nil
  }

  /// After a `foreground` that shows no error, the cached user is the backend's, over a live session.
  static let foregroundReloadsUser = Invariant(
    name: "foreground-reloads-user",
    catches:
      "an app that does not reload the user when it comes to the foreground, so a verification, "
      + "revocation or deletion made elsewhere goes unnoticed (authkit~no-foreground-refresh)",
    after: [.foreground]
  ) { view in staleness(view, after: "foreground") }

  /// After a `refresh` that shows no error, the cached user is the backend's, over a live session.
  static let refreshReloadsUser = Invariant(
    name: "refresh-reloads-user",
    catches:
      "a refresh (\"I've verified\") button that re-reads the cached user instead of reloading it "
      + "(authkit~refresh-reads-cache)",
    after: [.refresh]
  ) { view in staleness(view, after: "refresh") }

  /// What the device's cached user gets wrong about the backend after an action that reloads it.
  private static func staleness(_ view: InvariantView, after action: String) -> String? {
    let device = view.device
    guard device.isRunning, device.error == nil, let user = device.user else { return nil }
    let who = "\(device.name)'s cached user \(user.email ?? "?")"
    switch device.session {
    case .live, .none: break
    case .revoked: return "after \(action), \(who) still holds a revoked session"
    case .accountDisabled: return "after \(action), \(who) is still signed in to a disabled account"
    case .accountDeleted, .mintedAfterDeletion:
      return "after \(action), \(who) is still signed in to a deleted account"
    }
    guard let account = view.account(uid: user.uid) else {
      return "after \(action), \(who) is still signed in to a deleted account"
    }
    let fresh = CachedUser(account)
    guard fresh != user else { return nil }
    var differences: [String] = []
    if fresh.emailVerified != user.emailVerified {
      differences.append("email_verified \(user.emailVerified), the backend says \(fresh.emailVerified)")
    }
    if fresh.displayName != user.displayName {
      differences.append(
        "display_name \(user.displayName ?? "null"), the backend says \(fresh.displayName ?? "null")")
    }
    if fresh.providers != user.providers {
      let cached = user.providers.map(\.rawValue).joined(separator: ", ")
      let truth = fresh.providers.map(\.rawValue).joined(separator: ", ")
      differences.append("providers [\(cached)], the backend says [\(truth)]")
    }
    if fresh.email != user.email {
      differences.append("email \(user.email ?? "null"), the backend says \(fresh.email ?? "null")")
    }
    return "after \(action), \(who) is stale: " + differences.joined(separator: "; ")
  }

  /// A resend that sends starts the 60 s countdown; a resend during it sends nothing.
  static let resendCountdown = Invariant(
    name: "resend-countdown",
    catches:
      "a resend button that can send twice within 60 s: no countdown, or one that does not disable it "
      + "(authkit~resend-without-countdown)",
    after: [.resendVerification]
  ) { view in
    let sent = view.emailsSent.filter { $0.kind == .verifyEmail }
    guard let email = sent.first else { return nil }
    if sent.count > 1 { return "one tap on resend sent \(sent.count) verify_email emails" }
    let before = view.before?.ui["resend_seconds_left"] ?? "0"
    if before != "0" {
      return "resend sent a verify_email email to \(email.to) while its countdown showed \(before) s"
    }
    let left = view.device.ui["resend_seconds_left"] ?? "(not shown)"
    if left != String(resendCooldown.seconds) {
      return "resend sent a verify_email email to \(email.to) but the countdown shows \(left), not "
        + "\(resendCooldown.seconds): the next tap sends again at once"
    }
    return nil
  }

  /// The app deletes an account only as the answer to the re-authentication prompt.
  static let deleteOnlyAfterReauthentication = Invariant(
    name: "delete-only-after-reauthentication",
    catches:
      "an app that deletes the account straight after the confirmation dialog, without asking the user "
      + "to re-authenticate (authkit~delete-without-reauth)"
  ) { view in
    for fact in view.facts {
      guard case .accountDeleted(_, let email, true, _) = fact else { continue }
      let action = view.action?.kind.rawValue ?? "expect"
      guard view.action?.kind == .reauthenticate, view.before?.screen == Screen.reauthenticate.rawValue else {
        return "\(view.device.name) deleted the account \(email ?? "?") on '\(action)' from "
          + "\(view.before?.screen ?? "?"), without the re-authentication prompt"
      }
    }
    return nil
  }

  /// After signing in with the password of a pending federated credential's email, the credential is linked.
  static let pendingCredentialLinked = Invariant(
    name: "pending-credential-linked",
    catches:
      "an app that forgets the credential kept from a provider collision once the user signs in with the "
      + "password, so the provider is never linked (authkit~drops-pending-credential)",
    after: [.signIn]
  ) { view in
    guard case .signIn(let email, _) = view.action, view.before?.state == .signedOut else { return nil }
    let device = view.device
    guard device.error == nil, let user = device.user, user.email == email.lowercased(),
      let pending = device.pendingCredential, pending.email == user.email
    else { return nil }
    return "\(device.name) signed in as \(email.lowercased()) with the password but left the pending "
      + "\(pending.provider) credential unlinked"
  }
}
