import AuthFlowLanguage

extension Invariant {
  /// The invariants every machine is held to, checked in this order after every step.
  public static let builtIn: [Invariant] = [
    appFollowsSession, signedInAccountIsLive, deletedAccountStaysDeleted, recentLogin, actionCodeAppliesOnce,
    oneAccountPerEmail,
  ]

  /// The app is signed out exactly when its auth client holds no user.
  public static let appFollowsSession = Invariant(
    name: "app-follows-session",
    catches:
      "an app that misses its auth client's own sign-out (a revoked session, or a deleted or disabled "
      + "account found at a token refresh) and keeps showing a signed-in user, or that shows signed out "
      + "while the client still holds a session"
  ) { view in
    for device in view.devices {
      guard let state = device.state else { continue }
      let hasUser = device.hasUser
      if state == .signedOut, hasUser {
        return "\(device.name) shows signedOut but its auth client still holds \(who(device.user))"
      }
      if state != .signedOut, !hasUser {
        return "\(device.name) shows \(state.rawValue) on \(device.screen ?? "?") but its auth client has "
          + "signed out (session \(describe(device.session)))"
      }
    }
    return nil
  }

  /// A device that becomes `signedIn` through an action is signed in to a live account.
  public static let signedInAccountIsLive = Invariant(
    name: "signed-in-account-is-live",
    catches:
      "an app that shows signedIn after a sign-in or reload the backend refused, or for an account that "
      + "is deleted or disabled"
  ) { view in
    guard let before = view.before, before.state != .signedIn || before.uid != view.device.user?.uid else {
      return nil
    }
    let device = view.device
    guard device.state == .signedIn else { return nil }
    guard let user = device.user else { return nil }
    guard let account = view.account(uid: user.uid) else {
      return "\(device.name) became signedIn as \(who(user)), an account the backend does not have"
    }
    if account.disabled {
      return "\(device.name) became signedIn as \(who(user)), whose account is disabled"
    }
    return nil
  }

  /// No ID token is minted for an account after it was deleted.
  public static let deletedAccountStaysDeleted = Invariant(
    name: "deleted-account-stays-deleted",
    catches:
      "a deleted account that regains a session: a token refresh, sign-in or re-authentication that "
      + "succeeds after the account was deleted"
  ) { view in
    // Only a deleted account's uid can have a session minted after its deletion: nothing to look at until one is.
    guard !view.world.backend.deletedAccounts.isEmpty else { return nil }
    for device in view.devices where device.session == .mintedAfterDeletion {
      return "\(device.name) holds a session of \(who(device.user)) minted after the account was deleted"
    }
    return nil
  }

  /// Every sensitive operation that succeeded was authorised by a recent sign-in.
  public static let recentLogin = Invariant(
    name: "recent-login",
    catches:
      "a delete or password change that succeeds outside the recent-login window (as on the Firebase "
      + "emulator, which does not enforce it)"
  ) { view in
    for fact in view.facts {
      guard case .sensitiveOperation(let operation, _, let authTime, let time) = fact else { continue }
      let age = time - authTime
      if age > view.settings.recentLogin {
        return "\(operation.rawValue) succeeded \(age) after the last sign-in; recent_login is "
          + "\(view.settings.recentLogin)"
      }
    }
    return nil
  }

  /// An action code is applied at most once.
  public static let actionCodeAppliesOnce = Invariant(
    name: "action-code-applies-once",
    catches: "a verification or password-reset link that works a second time (a replayed action code)"
  ) { view in
    for fact in view.facts {
      guard case .actionCodeApplied(let code, let kind, _) = fact else { continue }
      let earlier = view.earlierFacts.contains {
        if case .actionCodeApplied(code, _, _) = $0 { true } else { false }
      }
      let twiceNow = view.facts.count { if case .actionCodeApplied(code, _, _) = $0 { true } else { false } }
      if earlier || twiceNow > 1 {
        return "the \(kind.rawValue) code \(Redactor.shorten(code)) was applied a second time"
      }
    }
    return nil
  }

  /// With `one_account_per_email` on, no two accounts share an email.
  public static let oneAccountPerEmail = Invariant(
    name: "one-account-per-email",
    catches:
      "a sign-up, federated sign-in or link that creates a second account for an email that already "
      + "has one, although the project allows one account per email"
  ) { view in
    guard view.settings.oneAccountPerEmail else { return nil }
    for fact in view.facts {
      guard case .accountCreated(_, let email?) = fact else { continue }
      let count = view.world.backend.accounts(withEmail: email).count
      if count > 1 { return "\(count) accounts share the email \(email)" }
    }
    return nil
  }

  static func who(_ user: CachedUser?) -> String {
    guard let user else { return "no user" }
    return user.email ?? "uid \(Redactor.shorten(user.uid))"
  }

  static func describe(_ session: SessionStatus) -> String {
    switch session {
    case .none: "none"
    case .live: "live"
    case .revoked: "revoked"
    case .accountDisabled: "of a disabled account"
    case .accountDeleted: "of a deleted account"
    case .mintedAfterDeletion: "minted after deletion"
    }
  }
}
