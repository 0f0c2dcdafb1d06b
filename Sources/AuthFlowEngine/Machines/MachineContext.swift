import AuthFlowLanguage

/// What a machine gets from the world when its app launches.
public struct MachineContext {
  /// The device's auth client: the machine's only way to the backend and identity providers.
  public let client: AuthClient
  /// Unowned: the run owns its world. An app object that outlives its scenario (held by a task still asleep
  /// when the scenario ended, which never wakes) must not keep the whole world, its transcript and backend
  /// with it, or memory would grow with every scenario such an app plays.
  package unowned let world: World
  /// The scheduler of an async machine's app; nil for a synchronous machine.
  let driver: (any AsyncAppDriver)?

  init(client: AuthClient, world: World, driver: (any AsyncAppDriver)? = nil) {
    self.client = client
    self.world = world
    self.driver = driver
  }

  /// The device's name, e.g. `phone`.
  public var device: String { client.device }
  /// The virtual clock's time.
  public var now: VirtualTime { world.now }
  /// A number from the scenario's one seeded generator.
  public func random() -> UInt64 { world.nextRandom() }
  /// Writes a line to the transcript under the device's name.
  public func log(_ text: @autoclosure () -> String) { world.log(client.device, text()) }
  /// A value the app stored on this device (its `UserDefaults`), nil when there is none. The store survives
  /// `terminate` and relaunches; another device has its own.
  public func stored(_ key: String) -> String? { client.deviceStore[key] }
  /// Stores `value` under `key` on this device, or with nil removes it; see ``stored(_:)``.
  public func store(_ value: String?, for key: String) { client.deviceStore[key] = value }
  /// The code a user reads on their phone for `number`: the newest SMS to it, or, for a number in
  /// `test_phone_numbers`, its fixed code (no SMS is sent to those). What `enter_code` without a code types.
  public func smsCode(for number: String) -> String? {
    world.smsOutbox.newest(to: number)?.code ?? world.settings.testPhoneNumbers[number]
  }

  /// The code a user reads for the verification `verificationID` (the id `verifyPhoneNumber` returned): its
  /// SMS's, or a test number's fixed code. What `enter_code` without a code types where the app knows the
  /// verification but not the number, as at a multi-factor sign-in, whose hint shows the number masked.
  public func smsCode(forVerificationID verificationID: String) -> String? {
    world.backend.phoneVerifications[verificationID]?.code
  }

  /// The code the user's authenticator app shows now for the TOTP factor `factorID` (RFC 6238 at the virtual
  /// time): what `enter_code` without a code types at a TOTP challenge.
  public func authenticatorCode(factor factorID: String) -> String? {
    world.backend.authenticatorCode(factor: factorID)
  }
  /// The code the authenticator shows now for a TOTP enrolment the user is finishing (the secret it scanned).
  public func authenticatorCode(enrollment start: TOTPEnrollmentStart) -> String? {
    world.backend.authenticatorCode(enrollmentSession: start.sessionID)
  }
  /// Notes that an action found nothing to act on (no such button on this screen): it still cleared the error.
  public func nothingHappens(_ why: @autoclosure () -> String) { log("nothing happens: \(why())") }
}
