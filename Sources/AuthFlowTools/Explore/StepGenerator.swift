import AuthFlowEngine
import AuthFlowLanguage

/// Draws the steps of a random walk: actions the machine supports, lifecycle events, clock jumps, links,
/// admin calls and network trouble, with plausible arguments read off the world as it is now (emails of
/// accounts that exist, the right password more often than not, the email of a pending credential, the newest
/// emails in the outbox). One seeded generator per walk makes every walk reproducible.
struct StepGenerator {
  private var random: SeededGenerator
  private let machine: MachineDescriptor
  private let world: ExploreWorld
  private let kinds: [ActionKind]
  /// Running totals of the weights of `kinds`.
  private let cumulative: [UInt64]
  /// How many emails and text messages the world had sent when the previous step was drawn, and the device
  /// that step ran on: a user mostly finishes what they started (types the code just texted, opens the link
  /// just sent).
  private var emailsSeen = 0
  private var textsSeen = 0
  private var lastDevice = 0
  /// Steps left in which the user still means to type the code of the newest text.
  private var codeAwaitedFor = 0

  /// How often each kind of step is drawn, relative to the others (launch is drawn only for a terminated app).
  static let weights: [ActionKind: UInt64] = [
    .terminate: 2, .background: 5, .foreground: 7, .signUp: 8, .signIn: 10, .signInWith: 6, .signOut: 4,
    .forgotPassword: 3, .resendVerification: 5, .refresh: 6, .deleteAccount: 5, .reauthenticate: 6,
    .cancel: 3, .signInAnonymously: 4, .unlinkProvider: 3, .updateProfile: 3,
    .linkProvider: 4, .changePassword: 4, .changeEmail: 3, .sendSignInLink: 3, .signInWithCustomToken: 3,
    .signInWithPhone: 4, .enterCode: 6, .enrollMFA: 4, .unenrollMFA: 2,
    .tap: 12, .type: 12,
    .followLink: 8, .wait: 7, .admin: 5, .network: 2, .failNext: 2,
  ]

  static let waits: [VirtualDuration] = [
    .seconds(10), .seconds(30), .minutes(1), .minutes(1), .minutes(4), .minutes(6), .minutes(6), .minutes(30),
    .minutes(56), .minutes(56), .hours(1), .hours(2), .days(1), .days(3), .days(4),
  ]

  static let injectedErrors: [AuthErrorCode] = [
    .networkRequestFailed, .tooManyRequests, .userTokenExpired, .userDisabled, .invalidCredential,
  ]

  init(seed: UInt64, machine: MachineDescriptor, world: ExploreWorld) {
    random = SeededGenerator(seed: seed)
    self.machine = machine
    self.world = world
    let supported = Set(machine.supportedActions)
    kinds = ActionKind.allCases.filter { kind in
      guard let weight = Self.weights[kind], weight > 0 else { return false }
      if kind == .tap, machine.tapTargets.isEmpty { return false }
      if kind == .type, machine.typeFields.isEmpty { return false }
      return !kind.isDeviceAction || supported.contains(kind)
    }
    var total: UInt64 = 0
    cumulative = kinds.map { kind in
      total += Self.weights[kind] ?? 0
      return total
    }
  }

  // MARK: - Randomness

  private mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(random.next() % UInt64(bound)) }

  /// True `percent` times in a hundred.
  private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  private mutating func pick<T>(_ values: [T]) -> T? { values.isEmpty ? nil : values[below(values.count)] }

  private mutating func pickKind() -> ActionKind {
    guard let total = cumulative.last, total > 0 else { return .wait }
    let value = random.next() % total
    let index = cumulative.firstIndex { value < $0 } ?? 0
    return kinds[index]
  }

  // MARK: - Steps

  /// The next step of a walk through `run`.
  mutating func next(in run: Run) -> Move {
    let devices = run.devices
    if let followUp = followUp(in: run) { return followUp }
    let index = devices.count > 1 && chance(30) ? 1 + below(devices.count - 1) : 0
    lastDevice = index
    let device = devices[index]
    let name = index == 0 ? nil : device.name
    if device.lifecycle == .terminated, chance(85) { return Move(action: .launch, device: name) }
    for _ in 0..<8 {
      let kind = pickKind()
      if kind.isDeviceAction {
        guard device.lifecycle != .terminated else { continue }
        if let action = deviceAction(kind, on: device, run) { return Move(action: action, device: name) }
      } else if let action = worldAction(kind, on: device, run) {
        return Move(action: action, device: kind == .network ? name : nil)
      }
    }
    return Move(action: .wait(.minutes(1)), device: nil)
  }

  /// What a user does next after the previous step sent a text or an email, or left a second factor to
  /// answer: mostly types the code on the same device, often opens the new email. Nil when nothing is waiting
  /// (or the user does something else this time).
  private mutating func followUp(in run: Run) -> Move? {
    let world = run.world
    let texts = world.smsOutbox.messages.count
    let emails = world.outbox.emails.count
    let newEmail = emails > emailsSeen
    codeAwaitedFor = texts > textsSeen ? 3 : max(codeAwaitedFor - 1, 0)
    textsSeen = texts
    emailsSeen = emails
    let devices = run.devices
    guard lastDevice < devices.count else { return nil }
    let device = devices[lastDevice]
    let name = lastDevice == 0 ? nil : device.name
    let codeAwaited = codeAwaitedFor > 0 || device.client.pendingMultiFactor != nil
    if codeAwaited, kinds.contains(.enterCode), device.lifecycle != .terminated {
      let roll = below(100)
      if roll < 55, let action = deviceAction(.enterCode, on: device, run) {
        codeAwaitedFor = 0
        return Move(action: action, device: name)
      }
      // The user switched apps before typing it: the code may expire meanwhile.
      if roll < 65, let wait = pick(Self.waits) { return Move(action: .wait(wait), device: nil) }
    }
    if newEmail {
      let roll = below(100)
      if roll < 35, let action = worldAction(.followLink, on: device, run) {
        return Move(action: action, device: nil)
      }
      // The system ends the app while the user reads the email.
      if roll < 45, device.lifecycle != .terminated { return Move(action: .terminate, device: name) }
    }
    return nil
  }

  private mutating func deviceAction(_ kind: ActionKind, on device: Device, _ run: Run) -> Action? {
    switch kind {
    case .launch, .terminate, .background, .foreground, .signOut, .resendVerification, .refresh,
      .deleteAccount, .cancel, .signInAnonymously:
      return Action.bareAction(kind)
    case .signUp:
      return .signUp(
        email: signUpEmail(run), password: newAccountPassword(), displayName: chance(15) ? "Zed" : nil)
    case .signIn:
      let email = signInEmail(device, run)
      return .signIn(email: email, password: password(for: email, run))
    case .signInWith:
      return sheet(machine.signInProviders ?? ProviderID.identityProviders, run).map(Action.signInWith)
    case .linkProvider:
      return sheet(ProviderID.identityProviders, run).map(Action.linkProvider)
    case .updateProfile:
      return .updateProfile(
        displayName: chance(70) ? .some(chance(80) ? "Zed" : nil) : nil,
        photoURL: chance(50)
          ? .some(chance(80) ? "https://example.com/zed.png" : nil) : .some("https://example.com/z.png"))
    case .unlinkProvider:
      // Mostly a method the user has, sometimes one they do not (`no-such-provider`).
      let linked = device.client.currentUser?.providers ?? []
      return pick(chance(80) && !linked.isEmpty ? linked : ProviderID.all).map(Action.unlinkProvider)
    case .forgotPassword:
      return .forgotPassword(email: chance(15) ? nil : anyEmail(run))
    case .reauthenticate:
      let providers = machine.signInProviders ?? ProviderID.identityProviders
      if chance(25), let sheet = sheet(providers, run) { return .reauthenticate(.provider(sheet)) }
      let email = device.client.currentUser?.email ?? anyEmail(run)
      return .reauthenticate(.password(password(for: email, run)))
    case .changePassword:
      return .changePassword(newPassword: chance(85) ? world.newPassword : world.weakPassword)
    case .signInWithCustomToken:
      // Mostly an account that exists, sometimes a new uid; now and then with a role claim.
      let known = run.world.backend.uids
      let uid = chance(60) ? pick(known) ?? "server-user-1" : "server-user-\(below(3) + 1)"
      return .signInWithCustomToken(uid: uid, claims: chance(30) ? ["role": .string("editor")] : [:])
    case .sendSignInLink:
      return .sendSignInLink(email: chance(60) ? anyEmail(run) : signUpEmail(run))
    case .changeEmail:
      // Mostly an address nobody has; sometimes one that is taken.
      return .changeEmail(newEmail: chance(75) ? signUpEmail(run) : anyEmail(run))
    case .signInWithPhone:
      // Mostly one of two well-formed numbers; now and then one that is not E.164.
      return .signInWithPhone(
        number: chance(90) ? (chance(50) ? "+15555550100" : "+15555550101") : "555-0100")
    case .enterCode:
      // Mostly the code the SMS carries; sometimes a wrong one.
      return .enterCode(code: chance(80) ? nil : "000000")
    case .enrollMFA:
      // Mostly an authenticator; sometimes a phone.
      return .enrollMFA(chance(60) ? SecondFactor(.totp) : SecondFactor(.phone, number: "+15555550102"))
    case .unenrollMFA:
      return .unenrollMFA(chance(60) ? .totp : .phone)
    case .tap:
      return pick(machine.tapTargets).map(Action.tap)
    case .type:
      return typing(run).map(Action.type)
    case .followLink, .wait, .admin, .network, .failNext:
      return nil
    }
  }

  private mutating func worldAction(_ kind: ActionKind, on device: Device, _ run: Run) -> Action? {
    switch kind {
    case .followLink:
      let emails = run.world.outbox.emails
      guard let last = emails.last else { return nil }
      let email = chance(60) ? last : emails[below(emails.count)]
      let reset = email.kind == .passwordReset && chance(70)
      // A sign-in link is mostly opened on a device (its app completes the sign-in), often the one that asked
      // for it, sometimes in a browser.
      let onDevice =
        email.kind == .signInLink && chance(80)
        ? (chance(50) ? device.name : pick(run.devices)?.name) : nil
      return .followLink(
        mail: email.kind, to: email.to, newPassword: reset ? "Res3t-pass" : nil, device: onDevice)
    case .wait:
      return pick(Self.waits).map(Action.wait)
    case .admin:
      // Often the account of the user on screen: what an administrator changes is what the app must show.
      let current = (chance(50) ? device.client.currentUser?.email : nil).flatMap {
        run.world.backend.account(email: $0) == nil ? nil : $0
      }
      guard let email = current ?? existingEmail(run) else { return nil }
      let account = AccountName.email(email)
      // A role given to the user on screen: the app shows it once the token is refreshed, not before.
      if current != nil, chance(30) {
        return .admin(.setClaims(account: account, claims: ["role": .string("editor")]))
      }
      let roll = below(100)
      let action: AdminAction =
        switch roll {
        case ..<16: .disable(account: account)
        case ..<28: .enable(account: account)
        case ..<36: .delete(account: account)
        case ..<52: .revokeSessions(account: account)
        case ..<72: .verifyEmail(account: account)
        case ..<80: .setPassword(account: account, password: "Adm1n-pass")
        // A role given or taken away: what the app shows follows the token, not the call.
        default: .setClaims(account: account, claims: chance(70) ? ["role": .string("editor")] : [:])
        }
      return .admin(action)
    case .network:
      return .network(online: !device.client.isOnline)
    case .failNext:
      guard let operation = pick(Self.failableOperations), let error = pick(Self.injectedErrors) else {
        return nil
      }
      return .failNext(operation: operation, error: error)
    default:
      return nil
    }
  }

  /// The operations a `fail_next` step may name: every one but `revokeToken`, which only app code through
  /// AuthFlowFirebase reaches (an Apple user's account deletion) and no built-in machine calls. Leaving it out
  /// also keeps every seed's walks as they were before it existed.
  static let failableOperations = BackendOperation.allCases.filter { $0 != .revokeToken }

  // MARK: - Arguments

  /// The email of an account that exists now.
  private mutating func existingEmail(_ run: Run) -> String? {
    let backend = run.world.backend
    guard let uid = pick(backend.uids) else { return nil }
    return backend.account(uid: uid)?.email
  }

  /// Mostly an existing account's email, sometimes one no account has, rarely a malformed one.
  private mutating func anyEmail(_ run: Run) -> String {
    let roll = below(100)
    if roll < 60, let email = existingEmail(run) { return email }
    if roll < 80, let email = pick(world.knownEmails) { return email }
    if roll < 96, let email = pick(world.unknownEmails) { return email }
    return world.malformedEmail
  }

  private mutating func signInEmail(_ device: Device, _ run: Run) -> String {
    if let pending = device.client.pendingCredential, chance(60) { return pending.email }
    let email = anyEmail(run)
    return chance(5) ? email.uppercased() : email
  }

  private mutating func signUpEmail(_ run: Run) -> String {
    let roll = below(100)
    if roll < 50, let email = pick(world.unknownEmails) { return email }
    if roll < 85, let email = pick(world.knownEmails) { return email }
    if roll < 95, let email = existingEmail(run) { return email }
    return world.malformedEmail
  }

  /// The account's password more often than not.
  private mutating func password(for email: String, _ run: Run) -> String {
    let roll = below(100)
    if roll < 65, let password = run.world.backend.account(email: email)?.password { return password }
    if roll < 80 { return world.wrongPassword }
    return pick(world.passwords) ?? world.wrongPassword
  }

  private mutating func newAccountPassword() -> String {
    let roll = below(100)
    if roll < 80 { return "Str0ng-pass" }
    if roll < 90 { return world.weakPassword }
    return pick(world.passwords) ?? "Str0ng-pass"
  }

  /// A provider's sheet on one of its accounts: mostly a success, sometimes cancelled or failed.
  private mutating func sheet(_ providers: [ProviderID], _ run: Run) -> ProviderSheet? {
    let identityProviders = run.world.identityProviders
    let usable = providers.filter { !identityProviders.accounts(of: $0).isEmpty }
    guard let provider = pick(usable), let account = pick(identityProviders.accounts(of: provider)) else {
      return nil
    }
    let roll = below(100)
    let outcome: SheetOutcome = roll < 85 ? .success : roll < 95 ? .cancel : .error(.invalidCredential)
    return ProviderSheet(provider: provider, account: account.email, outcome: outcome)
  }

  /// Text typed into one or all of the machine's fields.
  private mutating func typing(_ run: Run) -> [TypedField]? {
    let fields = chance(50) ? machine.typeFields : pick(machine.typeFields).map { [$0] } ?? []
    guard !fields.isEmpty else { return nil }
    return fields.map { field in
      let lower = field.lowercased()
      let value: String
      if lower.contains("password") {
        value = chance(10) ? "" : chance(75) ? pick(world.passwords) ?? "" : world.wrongPassword
      } else if lower.contains("user") || lower.contains("email") {
        value = chance(10) ? "" : anyEmail(run)
      } else {
        value = chance(20) ? "" : "text"
      }
      return TypedField(name: field, value: value)
    }
  }
}
