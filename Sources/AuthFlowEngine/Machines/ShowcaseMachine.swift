import AuthFlowLanguage

/// `showcase`: an app that uses Firebase Authentication's newer methods as a careful production app does (SPEC
/// §9.6). This first version models anonymous-first onboarding: "Continue as guest", then keeping the guest's
/// data by upgrading the same account (linking a password or an identity provider) instead of creating a new one,
/// and, when the provider account already belongs to someone, signing in to that account.
///
/// A signed-out user sees `welcome`; a signed-in one (guest or not) sees `home`, whose `greeting` is `Guest` for
/// a guest, else the display name or the email, and whose `member_since` is the account's creation date: a guest
/// upgraded in place keeps it, a new account does not. The app does not gate on email verification.
///
/// Account settings (on `home`, not for a guest) change the email the careful way (`verifyBeforeUpdateEmail`:
/// the email changes when the link sent to the new address is opened), change the password and delete the
/// account. When one of them fails with `requires-recent-login` the app shows the `reauthenticate` prompt; the
/// answer (`reauthenticate`) signs in again and retries the operation, `cancel` drops it.
final class ShowcaseMachine: Machine {
  /// The screens of the app.
  enum Screen: String, CaseIterable {
    case welcome, home, reauthenticate
    /// A sign-in link was opened on a device that does not remember which email asked for it.
    case confirmEmail
    /// An SMS code was sent (phone sign-in, or linking a number): the app waits for `enter_code`.
    case enterCode
  }

  /// A mutant's one bug.
  struct Flaw: OptionSet, Sendable {
    let rawValue: Int
    /// Signs the guest out before creating the account or signing in with the provider, so the upgrade makes a
    /// new account and the guest's data is left behind.
    static let losesGuestData = Flaw(rawValue: 1 << 0)
    /// Treats `credential-already-in-use` as a failed upgrade instead of signing in to the account.
    static let stuckOnCredentialInUse = Flaw(rawValue: 1 << 1)
    /// Changes the email with `updateEmail` instead of `verifyBeforeUpdateEmail`: refused under email enumeration
    /// protection, and without it the account takes an address nobody has verified.
    static let updatesEmailDirectly = Flaw(rawValue: 1 << 2)
    /// Signs in again at the prompt but does not retry the operation that asked for it.
    static let dropsOperationAfterReauthentication = Flaw(rawValue: 1 << 3)
    /// Keeps the email a sign-in link was asked for in a store every device shares (a synced key-value
    /// store), so a link opened on another device signs in without asking for the email.
    static let linkOnAnyDevice = Flaw(rawValue: 1 << 4)
    /// Keeps the email a sign-in link was asked for in memory instead of the device's store, so once the app
    /// has been killed it asks the user for the email again.
    static let forgetsEmailOnRelaunch = Flaw(rawValue: 1 << 5)
    /// Reads the `role` claim once, at sign-in, and keeps showing it: a role granted or taken away later
    /// never shows, even after the ID token was refreshed.
    static let readsRoleOnce = Flaw(rawValue: 1 << 6)
    /// The profile form sends every field, and a field the user left alone as empty: saving a new name clears
    /// the photo.
    static let profileClearsUntouchedFields = Flaw(rawValue: 1 << 7)
    /// "Disconnect" only hides the sign-in method on screen and never tells the backend.
    static let disconnectOnlyHides = Flaw(rawValue: 1 << 8)
    /// Keeps the remembered email after the sign-in link was used, so a link opened later signs in with it
    /// without asking, whoever it was sent to.
    static let keepsEmailAfterSignIn = Flaw(rawValue: 1 << 9)
    /// On `session-expired` keeps the old verification id instead of sending a new code, so every later try
    /// fails the same way until the user starts over.
    static let reusesExpiredVerificationID = Flaw(rawValue: 1 << 10)
    /// Closes the code field on a wrong code (SMS or authenticator), so a user who mistyped one digit must start
    /// over.
    static let dropsCodeFieldOnWrongCode = Flaw(rawValue: 1 << 11)
    /// Opens the code screen as soon as the user taps "Send code", before the SMS was sent: when sending fails
    /// (a number that is not E.164, too many requests) the user waits for a code that never comes.
    static let waitsForCodeNeverSent = Flaw(rawValue: 1 << 12)
    /// Decides "guest" by `email == nil` instead of `isAnonymous`, so a phone or custom-token user is greeted as
    /// a guest and kept out of account settings.
    static let noEmailMeansGuest = Flaw(rawValue: 1 << 13)
    /// Treats `multi-factor-auth-required` as a failed sign-in: shows the error instead of asking for the second
    /// factor, so a user with MFA can never sign in.
    static let ignoresMFARequired = Flaw(rawValue: 1 << 14)
    /// Shows `requires-recent-login` when enrolling a second factor instead of asking for the password and
    /// trying again, so enrolling works only in the first minutes after a sign-in.
    static let enrollsWithoutReauthentication = Flaw(rawValue: 1 << 15)
  }

  /// A phone verification the app waits on: the verification id, the number, and what the code is for.
  struct PendingPhone {
    var verificationID: String
    var number: String
    var purpose: Purpose

    /// What an SMS code is for.
    enum Purpose {
      /// Signing in with the number.
      case signIn
      /// Linking the number to the signed-in user (a guest's upgrade, or account settings).
      case link
      /// Enrolling the number as a second factor.
      case enroll
      /// Proving again who a user who signs in only with the number is, for the change waiting on it.
      case reauthenticate
    }
  }

  /// The second factor a sign-in waits for, and the verification id of its SMS code (nil for TOTP).
  struct PendingSecondFactor {
    var factor: MFAEnrollment
    var verificationID: String?
  }

  private let context: MachineContext
  private let flaws: Flaw
  private(set) var error: AuthErrorCode?
  /// The account-settings operation waiting for the user to sign in again (the `reauthenticate` prompt).
  private var awaitingReauthentication: Action?
  /// The code of a sign-in link opened on this device, waiting for the user to type the email it was sent to.
  private var pendingLinkCode: String?
  /// The SMS code the app waits for, if any.
  private var pendingPhone: PendingPhone?
  /// The authenticator enrolment waiting for its first code, if any.
  private var pendingTOTP: TOTPEnrollmentStart?
  /// The second factor a sign-in (or a re-authentication) waits for, if any.
  private var pendingSecondFactor: PendingSecondFactor?
  /// The mutant that forgets on relaunch keeps the email here, gone with the app.
  private var rememberedInMemory: String?
  /// The role the mutant that reads it once read at sign-in.
  private var roleReadAtSignIn: String??
  /// Where the app keeps the email it asked a sign-in link for, as Firebase's guides advise.
  private static let emailForSignIn = "emailForSignIn"

  init(context: MachineContext, flaws: Flaw = []) {
    self.context = context
    self.flaws = flaws
    context.client.onAuthStateChange = { [weak self] change in
      if let error = change.error { self?.error = error }
    }
    // A session restored at launch is the sign-in the app sees.
    readRoleAtSignIn()
  }

  private var client: AuthClient { context.client }
  private var user: CachedUser? { client.currentUser }

  // MARK: - What the app shows

  var state: AuthState { user == nil ? .signedOut : .signedIn }

  /// Whether the signed-in user is a guest: an anonymous account nothing was linked to yet.
  private var isGuest: Bool {
    guard let user else { return false }
    return flaws.contains(.noEmailMeansGuest) ? user.email == nil : user.isAnonymous
  }

  var screen: String {
    if pendingPhone != nil || pendingTOTP != nil || pendingSecondFactor != nil {
      return Screen.enterCode.rawValue
    }
    guard user != nil else { return (pendingLinkCode == nil ? Screen.welcome : Screen.confirmEmail).rawValue }
    return (awaitingReauthentication == nil ? Screen.home : Screen.reauthenticate).rawValue
  }

  var ui: [String: String] {
    if let pendingPhone { return ["code_sent_to": pendingPhone.number] }
    if pendingTOTP != nil { return ["code_from": "authenticator"] }
    if let pendingSecondFactor {
      return pendingSecondFactor.factor.phoneNumber.map { ["code_sent_to": $0] } ?? [
        "code_from": "authenticator"
      ]
    }
    guard let user else { return pendingLinkCode == nil ? [:] : ["needs_email": "true"] }
    let name = user.displayName.flatMap { $0.isEmpty ? nil : $0 }
    var values = [
      "greeting": isGuest ? "Guest" : name ?? user.email ?? user.phoneNumber ?? "Stranger",
      "member_since": String(user.createdAt.description.prefix(10)),
    ]
    if let role { values["role"] = role }
    return values
  }

  /// The `role` claim of the ID token the app holds (a string claim, or a number or boolean as text): what the
  /// app's role-based screens follow. It changes when the token is refreshed, not when the claim is set.
  private var role: String? {
    // Reading what the app shows changes nothing: the mutant's one read happens at sign-in or launch.
    if flaws.contains(.readsRoleOnce) { return roleReadAtSignIn ?? nil }
    return Self.role(in: client.idTokenClaims)
  }

  /// The mutant that reads the role once reads it as the sign-in completes, whether or not anything looks at
  /// the screen then.
  private func readRoleAtSignIn() {
    guard flaws.contains(.readsRoleOnce), user != nil, roleReadAtSignIn == nil else { return }
    roleReadAtSignIn = .some(Self.role(in: client.idTokenClaims))
  }

  private static func role(in claims: [String: ClaimValue]) -> String? {
    switch claims["role"] {
    case .string(let text): text
    case .integer(let number): String(number)
    case .bool(let flag): String(flag)
    case .list, .object: claims["role"]?.description
    case nil: nil
    }
  }

  /// Shows an error; `multi-factor-auth-required` instead opens the code screen for the account's first second
  /// factor (sending its SMS code), as the SDK's resolver is meant to be used.
  private func show(_ error: AuthErrorCode) {
    self.error = error
    guard error == .multiFactorAuthRequired, !flaws.contains(.ignoresMFARequired),
      let factor = client.pendingMultiFactor?.factors.first
    else { return }
    self.error = nil
    do {
      let verificationID = factor.kind == .phone ? try client.startSecondFactor(factor) : nil
      pendingSecondFactor = PendingSecondFactor(factor: factor, verificationID: verificationID)
    } catch {
      self.error = error
    }
  }

  // MARK: - Actions

  func perform(_ action: Action) throws {
    defer { readRoleAtSignIn() }
    error = nil
    if user == nil {
      awaitingReauthentication = nil
      roleReadAtSignIn = nil
      pendingTOTP = nil
    }
    switch action {
    case .launch, .terminate, .background, .foreground: break
    case .signInAnonymously:
      guard user == nil else { return context.nothingHappens("no guest button on \(screen)") }
      do { _ = try client.signInAnonymously() } catch { show(error) }
    case .signUp(let email, let password, let displayName):
      if isGuest {
        upgrade(email: email, password: password, displayName: displayName)
      } else if user == nil {
        createAccount(email: email, password: password, displayName: displayName)
      } else {
        context.nothingHappens("no sign-up form on \(screen)")
      }
    case .linkPassword(let email, let password):
      guard user != nil else { return context.nothingHappens("no link button on \(screen)") }
      upgrade(email: email, password: password, displayName: nil)
    case .signIn(let email, let password):
      // From a guest's home, "I already have an account" signs in to it; the guest is left behind.
      guard user == nil || isGuest else {
        return context.nothingHappens("no sign-in form on \(screen)")
      }
      do { _ = try client.signIn(email: email, password: password) } catch { show(error) }
    case .signInWith(let sheet):
      if isGuest { return link(sheet) }
      guard user == nil else { return context.nothingHappens("no sign-in buttons on \(screen)") }
      do { _ = try client.signIn(with: sheet) } catch { show(error) }
    case .linkProvider(let sheet):
      guard user != nil else { return context.nothingHappens("no link button on \(screen)") }
      link(sheet)
    case .updateProfile(let name, let photo):
      // Account settings: the profile form.
      guard user != nil, !isGuest else { return context.nothingHappens("no profile form on \(screen)") }
      guard name != nil || photo != nil else { return context.nothingHappens("nothing changed in the form") }
      let clearing = flaws.contains(.profileClearsUntouchedFields)
      do {
        try client.updateProfile(
          displayName: clearing ? name ?? .some(nil) : name, photoURL: clearing ? photo ?? .some(nil) : photo)
      } catch {
        show(error)
      }
    case .unlinkProvider(let provider):
      // Account settings: "Disconnect" next to a sign-in method.
      guard user != nil, !isGuest else {
        return context.nothingHappens("no account settings on \(screen)")
      }
      if flaws.contains(.disconnectOnlyHides) {
        return context.log("hides \(provider) from the list without telling the backend")
      }
      do { _ = try client.unlink(provider) } catch { show(error) }
    case .changeEmail, .changePassword, .deleteAccount, .enrollMFA, .unenrollMFA:
      // Account settings (and its "Two-step verification" section).
      guard user != nil, !isGuest, awaitingReauthentication == nil, screen == Screen.home.rawValue else {
        return context.nothingHappens("no account settings on \(screen)")
      }
      settle(action)
    case .reauthenticate(let answer):
      guard let pending = awaitingReauthentication else {
        return context.nothingHappens("no re-authentication prompt on \(screen)")
      }
      do {
        switch answer {
        case .password(let password): try client.reauthenticate(password: password)
        case .provider(let sheet): try client.reauthenticate(with: sheet)
        }
      } catch {
        return show(error)
      }
      awaitingReauthentication = nil
      if flaws.contains(.dropsOperationAfterReauthentication) { return }
      settle(pending)
    case .cancel:
      if pendingPhone != nil || pendingTOTP != nil || pendingSecondFactor != nil {
        // Dismissing the code a re-authentication sent drops the change waiting on it too.
        if pendingPhone?.purpose == .reauthenticate { awaitingReauthentication = nil }
        pendingPhone = nil
        pendingTOTP = nil
        pendingSecondFactor = nil
        return
      }
      guard awaitingReauthentication != nil else {
        return context.nothingHappens("nothing to dismiss on \(screen)")
      }
      awaitingReauthentication = nil
    case .signOut:
      guard user != nil else { return context.nothingHappens("already signed out") }
      awaitingReauthentication = nil
      pendingPhone = nil
      pendingTOTP = nil
      client.signOut()
    case .refresh:
      // Pull to refresh reloads the user and gets a fresh ID token, so new claims (a role) show at once.
      guard user != nil else { return context.nothingHappens("no user to refresh on \(screen)") }
      do {
        _ = try client.reload()
        _ = try client.idToken(forcingRefresh: true)
      } catch {
        show(error)
      }
    case .signInWithCustomToken(let uid, let claims):
      // "Sign in with your company account": the app's server checks the user and mints a custom token.
      guard user == nil else { return context.nothingHappens("already signed in") }
      do { _ = try client.signIn(customTokenFor: uid, claims: claims) } catch { show(error) }
    case .signInWithPhone(let number):
      // "Continue with phone" on welcome; for a guest it links the number, keeping the guest's account.
      guard user == nil || isGuest, pendingPhone == nil else {
        return context.nothingHappens("no phone sign-in on \(screen)")
      }
      requestCode(number, for: user == nil ? .signIn : .link)
    case .linkPhone(let number):
      // Account settings: "Add phone number".
      guard user != nil, pendingPhone == nil else {
        return context.nothingHappens("no link button on \(screen)")
      }
      requestCode(number, for: .link)
    case .enterCode(let code):
      if let pending = pendingPhone {
        enter(code ?? context.smsCode(for: pending.number), for: pending)
      } else if let start = pendingTOTP {
        finishEnrollment(start, code: code ?? context.authenticatorCode(enrollment: start))
      } else if let pending = pendingSecondFactor {
        let factor = pending.factor
        // The app knows the challenge's verification, not the number (its hint shows it masked).
        let right =
          pending.verificationID.map { context.smsCode(forVerificationID: $0) }
          ?? context.authenticatorCode(factor: factor.id)
        resolve(pending, code: code ?? right)
      } else {
        context.nothingHappens("no code field on \(screen)")
      }
    case .sendSignInLink(let email):
      // "Email me a sign-in link", on welcome (or on the confirm-email screen, to get a new link).
      guard user == nil || isGuest else {
        return context.nothingHappens("no email sign-in on \(screen)")
      }
      do { try client.sendSignInLink(email: email) } catch { return show(error) }
      remember(email)
    case .type(let fields):
      guard let code = pendingLinkCode else {
        return context.nothingHappens("nothing to type into on \(screen)")
      }
      guard fields.count == 1, let field = fields.first, field.name == "email" else {
        throw MachineError.noSuchField(fields.first { $0.name != "email" }?.name ?? "email")
      }
      completeSignIn(email: field.value, code: code)
    case .forgotPassword(let email):
      forgotPassword(email: email)
    case .resendVerification:
      // The banner on home of a password user whose email is not verified: "Send the link again".
      guard let user, !isGuest, user.providers.contains(.password), !user.emailVerified,
        screen == Screen.home.rawValue
      else { return context.nothingHappens("no verification banner on \(screen)") }
      do { try client.sendEmailVerification() } catch { show(error) }
    case .tap, .followLink, .wait, .admin, .network, .failNext:
      throw MachineError.unsupported(action.kind)
    }
  }

  /// "Forgot password?": on the re-authentication prompt, a reset link to the user's own email (the prompt
  /// stays); signed out, to the email typed (`app/missing-email` without one).
  private func forgotPassword(email: String?) {
    if awaitingReauthentication != nil, let address = email ?? user?.email {
      do { try client.sendPasswordReset(email: address) } catch { show(error) }
      return
    }
    guard user == nil, pendingPhone == nil, pendingSecondFactor == nil else {
      return context.nothingHappens("no forgot-password link on \(screen)")
    }
    guard let email, !email.isEmpty else { return show(AuthErrorCode(rawValue: "app/missing-email")) }
    do { try client.sendPasswordReset(email: email) } catch { show(error) }
  }

  // MARK: - Second factors

  /// The authenticator's first code: the factor is enrolled (every other session ends). A wrong code keeps the
  /// field; any other error closes it.
  private func finishEnrollment(_ start: TOTPEnrollmentStart, code: String?) {
    do {
      _ = try client.finishTOTPEnrollment(sessionID: start.sessionID, code: code)
      pendingTOTP = nil
    } catch {
      show(error)
      if !keepsField(after: error) { pendingTOTP = nil }
    }
  }

  /// The second factor's code: the sign-in (or the re-authentication, whose change then goes ahead) completes.
  /// A wrong code keeps the field. An expired SMS code makes the app send a new one at once, as for phone sign-in,
  /// while the challenge lives (10 minutes); an expired challenge sends the user back to sign in again.
  private func resolve(_ pending: PendingSecondFactor, code: String?) {
    do {
      _ = try client.resolveSecondFactor(pending.factor, verificationID: pending.verificationID, code: code)
      pendingSecondFactor = nil
    } catch {
      show(error)
      if error == .sessionExpired, pending.verificationID != nil,
        !flaws.contains(.reusesExpiredVerificationID)
      {
        resendSecondFactorCode(pending)
      } else if !keepsField(after: error) {
        pendingSecondFactor = nil
      }
      return
    }
    if let waiting = awaitingReauthentication {
      awaitingReauthentication = nil
      if !flaws.contains(.dropsOperationAfterReauthentication) { settle(waiting) }
    }
  }

  /// A new SMS code for the challenge's phone factor; when the challenge itself expired, the code screen closes.
  private func resendSecondFactorCode(_ pending: PendingSecondFactor) {
    do {
      let verificationID = try client.startSecondFactor(pending.factor)
      context.log("the code expired: sends a new one")
      pendingSecondFactor = PendingSecondFactor(factor: pending.factor, verificationID: verificationID)
    } catch {
      pendingSecondFactor = nil
    }
  }

  /// Whether the code field stays open after `error`: a wrong or empty code may be typed again (the mutant
  /// that drops the field closes it on a wrong code).
  private func keepsField(after error: AuthErrorCode) -> Bool {
    switch error {
    case .invalidVerificationCode: !flaws.contains(.dropsCodeFieldOnWrongCode)
    case .missingVerificationCode: true
    default: false
    }
  }

  // MARK: - Phone

  private func requestCode(_ number: String, for purpose: PendingPhone.Purpose) {
    if flaws.contains(.waitsForCodeNeverSent) {
      pendingPhone = PendingPhone(verificationID: "", number: number, purpose: purpose)
    }
    do {
      let id =
        purpose == .enroll ? try client.startPhoneEnrollment(number) : try client.verifyPhoneNumber(number)
      pendingPhone = PendingPhone(verificationID: id, number: number, purpose: purpose)
    } catch {
      show(error)
    }
  }

  /// The code typed: signs in (or links the number). A wrong code keeps the field for another try; an expired
  /// one makes the app send a new code at once (the user types the new one). `credential-already-in-use` on a
  /// guest's link means the number has an account: the app signs in to it with the proof the answer carried, as
  /// it does for an identity provider; a signed-in user's "Add phone number" shows the error and gives up.
  private func enter(_ code: String?, for pending: PendingPhone) {
    do {
      switch pending.purpose {
      case .link where flaws.contains(.losesGuestData) && isGuest:
        context.log("signs the guest out, then signs in with the phone number")
        client.signOut()
        _ = try client.signIn(verificationID: pending.verificationID, code: code)
      case .link: try linkPhone(pending, code: code)
      case .signIn: _ = try client.signIn(verificationID: pending.verificationID, code: code)
      case .enroll: _ = try client.finishPhoneEnrollment(verificationID: pending.verificationID, code: code)
      case .reauthenticate: try client.reauthenticatePhone(verificationID: pending.verificationID, code: code)
      }
      pendingPhone = nil
      if pending.purpose == .reauthenticate, let waiting = awaitingReauthentication {
        awaitingReauthentication = nil
        if !flaws.contains(.dropsOperationAfterReauthentication) { settle(waiting) }
      }
    } catch {
      show(error)
      switch error {
      case .sessionExpired where !flaws.contains(.reusesExpiredVerificationID):
        context.log("the code expired: sends a new one")
        requestCode(pending.number, for: pending.purpose)
      case .invalidVerificationCode where flaws.contains(.dropsCodeFieldOnWrongCode):
        pendingPhone = nil
      case .invalidVerificationCode, .missingVerificationCode, .sessionExpired:
        break
      default:
        pendingPhone = nil
      }
    }
  }

  private func linkPhone(_ pending: PendingPhone, code: String?) throws(AuthErrorCode) {
    do {
      _ = try client.linkPhone(verificationID: pending.verificationID, code: code)
    } catch .credentialAlreadyInUse where isGuest && !flaws.contains(.stuckOnCredentialInUse) {
      guard let (number, proof) = client.phoneTemporaryProof(verificationID: pending.verificationID) else {
        throw .credentialAlreadyInUse
      }
      context.log("the number has an account already: signs in to it")
      _ = try client.signIn(phoneNumber: number, temporaryProof: proof)
    }
  }

  /// A universal link opened in the app. A sign-in link completes the sign-in with the email this device asked
  /// it for; without one (the link was opened on another device), the app asks which email it was sent to
  /// instead of guessing, as Firebase's guides require. A guest links the link instead of signing in with it,
  /// so the guest's account (and data) becomes the email's. Other links are not the app's.
  func openLink(_ link: String) throws {
    defer { readRoleAtSignIn() }
    error = nil
    guard let code = Self.query("oobCode", in: link), Self.query("mode", in: link) == "signIn" else {
      return context.nothingHappens("the app does not handle this link")
    }
    guard user == nil || isGuest else {
      return context.nothingHappens("already signed in: the sign-in link is ignored")
    }
    guard let email = remembered() else {
      context.log("no email remembered for the sign-in link: asks for it")
      pendingLinkCode = code
      return
    }
    completeSignIn(email: email, code: code)
  }

  private func completeSignIn(email: String, code: String) {
    do {
      if isGuest, !flaws.contains(.losesGuestData) {
        _ = try client.linkEmailLink(email: email, linkCode: code)
      } else {
        if isGuest {
          context.log("signs the guest out, then signs in with the link")
          client.signOut()
        }
        _ = try client.signIn(email: email, linkCode: code)
      }
      pendingLinkCode = nil
      if !flaws.contains(.keepsEmailAfterSignIn) { remember(nil) }
    } catch {
      show(error)
    }
  }

  private func remember(_ email: String?) {
    if flaws.contains(.forgetsEmailOnRelaunch) {
      rememberedInMemory = email
    } else if flaws.contains(.linkOnAnyDevice) {
      syncedStore.values[Self.emailForSignIn] = email
    } else {
      context.store(email, for: Self.emailForSignIn)
    }
  }

  private func remembered() -> String? {
    if flaws.contains(.forgetsEmailOnRelaunch) { return rememberedInMemory }
    return flaws.contains(.linkOnAnyDevice)
      ? syncedStore.values[Self.emailForSignIn] : context.stored(Self.emailForSignIn)
  }

  /// The mutant's store that every device shares (an iCloud key-value store, say).
  private final class SyncedStore {
    var values: [String: String] = [:]
  }

  private var syncedStore: SyncedStore {
    let key = "showcase.syncedStore"
    if let store = context.world.attachments[key] as? SyncedStore { return store }
    let store = SyncedStore()
    context.world.attachments[key] = store
    return store
  }

  /// The value of `name` in a link's query.
  private static func query(_ name: String, in link: String) -> String? {
    guard let query = link.split(separator: "?", maxSplits: 1).last else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2, parts[0] == name { return String(parts[1]) }
    }
    return nil
  }

  /// Runs an account-settings operation; `requires-recent-login` opens the re-authentication prompt, whose
  /// answer runs it again.
  private func settle(_ action: Action) {
    do throws(AuthErrorCode) {
      switch action {
      case .changeEmail(let email) where flaws.contains(.updatesEmailDirectly):
        _ = try client.updateEmail(to: email)
      case .changeEmail(let email): try client.sendEmailChange(to: email)
      case .changePassword(let password): try client.updatePassword(password)
      case .deleteAccount: try client.delete()
      case .enrollMFA(let factor):
        if let number = factor.number {
          pendingPhone = PendingPhone(
            verificationID: try client.startPhoneEnrollment(number), number: number, purpose: .enroll)
        } else {
          pendingTOTP = try client.startTOTPEnrollment()
        }
      case .unenrollMFA(let kind): _ = try client.unenroll(kind)
      default: return
      }
    } catch .requiresRecentLogin {
      show(.requiresRecentLogin)
      if flaws.contains(.enrollsWithoutReauthentication), action.kind == .enrollMFA { return }
      awaitingReauthentication = action
      // A user who signs in only with a phone number has no password or provider to prove itself with: the app
      // texts a code to the number at once, and the code re-authenticates.
      if let user, user.providers == [.phone], let number = user.phoneNumber {
        requestCode(number, for: .reauthenticate)
      }
    } catch {
      show(error)
    }
  }

  /// "Create account" on a guest's home: links the email and password to the guest, so its uid and data stay.
  private func upgrade(email: String, password: String, displayName: String?) {
    if flaws.contains(.losesGuestData), isGuest {
      context.log("signs the guest out, then creates the account")
      client.signOut()
      return createAccount(email: email, password: password, displayName: displayName)
    }
    do {
      _ = try client.linkPassword(email: email, password: password)
    } catch {
      return show(error)
    }
    name(displayName)
  }

  private func createAccount(email: String, password: String, displayName: String?) {
    do {
      _ = try client.signUp(email: email, password: password)
    } catch {
      return show(error)
    }
    name(displayName)
  }

  private func name(_ displayName: String?) {
    guard let displayName else { return }
    do { try client.updateDisplayName(displayName) } catch { show(error) }
  }

  /// Links a provider to the signed-in user. When the provider account already has an account of its own
  /// (`credential-already-in-use`), signs in to that account: the guest's data is not merged.
  private func link(_ sheet: ProviderSheet) {
    if flaws.contains(.losesGuestData), isGuest {
      context.log("signs the guest out, then signs in with the provider")
      client.signOut()
      do { _ = try client.signIn(with: sheet) } catch { show(error) }
      return
    }
    let idp: IdentityProviders.Account
    do {
      idp = try client.present(sheet)
    } catch {
      return show(error)
    }
    do {
      _ = try client.link(idp)
      return
    } catch .credentialAlreadyInUse where !flaws.contains(.stuckOnCredentialInUse) {
      context.log("the provider account has an account already: signs in to it")
    } catch {
      return show(error)
    }
    do { _ = try client.signIn(idp, keepingPendingCredential: false) } catch { show(error) }
  }
}

extension ShowcaseMachine {
  static let supportedActions: [ActionKind] = [
    .launch, .terminate, .background, .foreground, .signInAnonymously, .signUp, .signIn, .signInWith,
    .linkProvider, .unlinkProvider, .updateProfile, .changeEmail, .changePassword, .deleteAccount,
    .reauthenticate, .cancel, .signOut, .refresh, .sendSignInLink, .type, .signInWithCustomToken,
    .signInWithPhone, .enterCode, .enrollMFA, .unenrollMFA, .forgotPassword, .resendVerification,
  ]

  static func descriptor(name: String, summary: String, flaws: Flaw) -> MachineDescriptor {
    var descriptor = MachineDescriptor(
      name: name, summary: summary, supportedActions: supportedActions, signInProviders: [.google, .apple],
      screens: Screen.allCases.map(\.rawValue), typeFields: ["email"]
    ) { ShowcaseMachine(context: $0, flaws: flaws) }
    descriptor.uiNames = ["greeting", "member_since", "role", "needs_email", "code_sent_to", "code_from"]
    return descriptor
  }

  static let descriptors: [MachineDescriptor] = [
    descriptor(
      name: "showcase",
      summary:
        "anonymous-first onboarding (continue as a guest, then keep the guest's data by upgrading it), email-link "
        + "sign-in and account settings",
      flaws: []),
    descriptor(
      name: "showcase~loses-guest-data",
      summary: "signs the guest out before creating the account, so the upgrade makes a new account",
      flaws: .losesGuestData),
    descriptor(
      name: "showcase~stuck-on-credential-in-use",
      summary:
        "shows credential-already-in-use instead of signing in to the account that has the provider or number",
      flaws: .stuckOnCredentialInUse),
    descriptor(
      name: "showcase~update-email-directly",
      summary: "changes the email with updateEmail instead of verifyBeforeUpdateEmail",
      flaws: .updatesEmailDirectly),
    descriptor(
      name: "showcase~drops-operation-after-reauthentication",
      summary:
        "signs in again at the re-authentication prompt but does not retry the change that asked for it",
      flaws: .dropsOperationAfterReauthentication),
    descriptor(
      name: "showcase~link-on-any-device",
      summary:
        "completes an email-link sign-in on another device without asking which email the link was for",
      flaws: .linkOnAnyDevice),
    descriptor(
      name: "showcase~forgets-email-on-relaunch",
      summary:
        "keeps the email a sign-in link was asked for in memory, so after a relaunch it asks for it again",
      flaws: .forgetsEmailOnRelaunch),
    descriptor(
      name: "showcase~reads-role-once",
      summary:
        "reads the role claim once at sign-in, so a role set later never shows, even after a token refresh",
      flaws: .readsRoleOnce),
    descriptor(
      name: "showcase~profile-clears-untouched-fields",
      summary: "the profile form sends every field, so saving a new name clears the photo",
      flaws: .profileClearsUntouchedFields),
    descriptor(
      name: "showcase~disconnect-only-hides",
      summary: "Disconnect hides the sign-in method on screen but never unlinks it",
      flaws: .disconnectOnlyHides),
    descriptor(
      name: "showcase~keeps-email-after-sign-in",
      summary: "keeps the remembered email after the link was used, so a later link signs in without asking",
      flaws: .keepsEmailAfterSignIn),
    descriptor(
      name: "showcase~reuses-expired-verification-id",
      summary: "after session-expired keeps the old verification id instead of sending a new code",
      flaws: .reusesExpiredVerificationID),
    descriptor(
      name: "showcase~drops-code-field-on-wrong-code",
      summary: "closes the code field on a wrong code (SMS or authenticator), so the user must start over",
      flaws: .dropsCodeFieldOnWrongCode),
    descriptor(
      name: "showcase~waits-for-code-never-sent",
      summary: "opens the code screen before the SMS is sent, so a refused number leaves the user waiting",
      flaws: .waitsForCodeNeverSent),
    descriptor(
      name: "showcase~ignores-mfa-required",
      summary:
        "treats multi-factor-auth-required as a failed sign-in instead of asking for the second factor",
      flaws: .ignoresMFARequired),
    descriptor(
      name: "showcase~enrolls-without-reauthentication",
      summary:
        "shows requires-recent-login when enrolling a second factor instead of asking for the password",
      flaws: .enrollsWithoutReauthentication),
    descriptor(
      name: "showcase~no-email-means-guest",
      summary: "treats a user without an email as a guest: a phone user is greeted as Guest",
      flaws: .noEmailMeansGuest),
  ]
}
