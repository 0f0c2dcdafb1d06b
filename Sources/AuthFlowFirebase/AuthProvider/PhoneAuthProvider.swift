import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Phone sign-in, as FirebaseAuth offers it: ask for an SMS code to a number, then make a credential from the
/// verification id and the code the user typed, and sign in, link, re-authenticate or update the number with it.
///
/// The world sends the SMS to its outbox (read it in a test with ``FirebaseWorld/newestSMS(to:)``); numbers in
/// the backend's `testPhoneNumbers` get no SMS and take their fixed code. No app verification happens: no
/// reCAPTCHA, no silent push, no UI, so `uiDelegate` is accepted and never used.
open class PhoneAuthProvider: NSObject, @unchecked Sendable {
  /// `phone`.
  public static let id = "phone"

  private let auth: Auth

  init(auth: Auth) { self.auth = auth }

  /// The provider for ``Auth/auth()``'s instance.
  open class func provider() -> PhoneAuthProvider { PhoneAuthProvider(auth: Auth.auth()) }

  /// The provider for a given ``Auth`` instance.
  open class func provider(auth: Auth) -> PhoneAuthProvider { PhoneAuthProvider(auth: auth) }

  /// Sends an SMS code to `phoneNumber` (E.164) and returns the verification id to keep until the user types
  /// the code. An empty number is `missingPhoneNumber`, one that is not E.164 `invalidPhoneNumber`, more than
  /// the backend's send limit to one number `tooManyRequests`; a disabled phone provider is
  /// `operationNotAllowed`.
  ///
  /// With an enrolment `multiFactorSession` (``MultiFactor/session()``) the SMS starts enrolling `phoneNumber`
  /// as the user's second factor, under the enrolment rules (``MultiFactor``); finish with
  /// ``PhoneMultiFactorGenerator/assertion(with:)`` and ``MultiFactor/enroll(with:displayName:)``. With a
  /// sign-in session (``MultiFactorResolver/session``) it goes to the enrolled factor with this number (prefer
  /// ``verifyPhoneNumber(with:uiDelegate:multiFactorSession:)``, as hints show numbers masked).
  ///
  /// `uiDelegate` is never used (the world verifies no app).
  nonisolated(nonsending) open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, multiFactorSession: MultiFactorSession? = nil
  ) async throws -> String {
    try await AsyncMember.run { [self] in try verifyNow(phoneNumber, session: multiFactorSession) }
  }

  /// Sends an SMS code; see ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``. The handler is main-actor
  /// isolated, as in FirebaseAuth 11.14 and later. `caller` is the caller's isolation, which Swift fills in.
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil,
    completion: (@MainActor (String?, Error?) -> Void)?, isolation caller: (any Actor)? = #isolation
  ) {
    auth.complete(completion.map { Self.onMainActor($0, caller: caller) }) { [self] in
      try verifyNow(phoneNumber, session: nil)
    }
  }

  /// Sends an SMS code; see ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``. The handler is main-actor
  /// isolated, as in FirebaseAuth 11.14 and later. `caller` is the caller's isolation, which Swift fills in.
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, multiFactorSession: MultiFactorSession? = nil,
    completion: (@MainActor (String?, Error?) -> Void)?, isolation caller: (any Actor)? = #isolation
  ) {
    auth.complete(completion.map { Self.onMainActor($0, caller: caller) }) { [self] in
      try verifyNow(phoneNumber, session: multiFactorSession)
    }
  }

  /// Sends an SMS code; see ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``. FirebaseAuth 11.1–11.13's
  /// spelling, with a handler of no actor: code that passes one along (a non-`Sendable` handler of its own)
  /// compiles, where the main-actor form is preferred for everything else.
  @_disfavoredOverload
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, completion: ((String?, Error?) -> Void)?
  ) {
    auth.complete(completion) { [self] in try verifyNow(phoneNumber, session: nil) }
  }

  /// Sends an SMS code, FirebaseAuth 11.1–11.13's spelling; see
  /// ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)``.
  @_disfavoredOverload
  open func verifyPhoneNumber(
    _ phoneNumber: String, uiDelegate: AuthUIDelegate? = nil, multiFactorSession: MultiFactorSession? = nil,
    completion: ((String?, Error?) -> Void)?
  ) {
    auth.complete(completion) { [self] in try verifyNow(phoneNumber, session: multiFactorSession) }
  }

  /// A main-actor handler as a handler `auth.complete` calls. Under a scenario run that call comes in a
  /// main-actor task (`Completion`), and in a plain test whose caller is on the main actor it comes at once,
  /// before the call returns, as every handler's does there. A plain-test caller on no actor (or another one)
  /// gets it later, in a main-actor task, as the SDK calls it: at once it would run off the main actor.
  private static func onMainActor(
    _ completion: @escaping @MainActor (String?, Error?) -> Void, caller: (any Actor)?
  ) -> (String?, Error?) -> Void {
    if MainActorDelivery.runDrivesHere || caller === MainActor.shared {
      return unsafeBitCast(completion, to: ((String?, Error?) -> Void).self)
    }
    return { verificationID, error in
      let outcome = UncheckedSendable((verificationID, error))
      Task { @MainActor in completion(outcome.value.0, outcome.value.1) }
    }
  }

  /// Sends the SMS code of a sign-in's second factor: `multiFactorInfo` is one of the
  /// ``MultiFactorResolver/hints`` and `multiFactorSession` the resolver's ``MultiFactorResolver/session``.
  /// Returns the verification id; make a credential with it and the code, then
  /// ``PhoneMultiFactorGenerator/assertion(with:)`` and ``MultiFactorResolver/resolveSignIn(with:)``. A
  /// challenge older than 10 minutes is `sessionExpired`. Without a session, or with an enrolment one, the
  /// hint's (masked) number is verified as ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`` would, as
  /// the SDK does.
  nonisolated(nonsending) open func verifyPhoneNumber(
    with multiFactorInfo: PhoneMultiFactorInfo, uiDelegate: AuthUIDelegate? = nil,
    multiFactorSession: MultiFactorSession?
  ) async throws -> String {
    try await AsyncMember.run { [self] in try verifyNow(multiFactorInfo, session: multiFactorSession) }
  }

  /// Sends the SMS code of a sign-in's second factor; see ``verifyPhoneNumber(with:uiDelegate:multiFactorSession:)``.
  open func verifyPhoneNumber(
    with multiFactorInfo: PhoneMultiFactorInfo, uiDelegate: AuthUIDelegate? = nil,
    multiFactorSession: MultiFactorSession?, completion: ((String?, Error?) -> Void)?
  ) {
    auth.complete(completion) { [self] in try verifyNow(multiFactorInfo, session: multiFactorSession) }
  }

  private func verifyNow(_ info: PhoneMultiFactorInfo, session: MultiFactorSession?) throws -> String {
    session?.multiFactorInfo = info
    return try verifyNow(info.phoneNumber, session: session)
  }

  private func verifyNow(_ phoneNumber: String, session: MultiFactorSession?) throws -> String {
    switch session?.purpose {
    case .enrollment(let user):
      guard !phoneNumber.isEmpty else { throw AuthErrorUtils.error(.missingPhoneNumber) }
      return try user.perform { (client) throws(AuthFlowLanguage.AuthErrorCode) in
        try client.startPhoneEnrollment(phoneNumber)
      }
    case .signIn(let challenge, let challengeAuth):
      guard let session else { throw AuthErrorUtils.error(.missingMultiFactorSession) }
      let factor =
        challenge.factors.first { $0.id == session.multiFactorInfo?.uid }
        ?? challenge.factors.first { $0.phoneNumber == phoneNumber }
      guard let factor, factor.kind == .phone else { throw AuthErrorUtils.error(.multiFactorInfoNotFound) }
      let verificationID = try challengeAuth.perform { () throws(AuthFlowLanguage.AuthErrorCode) in
        try challengeAuth.client.startSecondFactor(factor)
      }
      challengeAuth.firebaseWorld.locked { session.phoneFactors[verificationID] = factor }
      return verificationID
    case nil:
      guard !phoneNumber.isEmpty else { throw AuthErrorUtils.error(.missingPhoneNumber) }
      let auth = auth
      return try auth.perform { () throws(AuthFlowLanguage.AuthErrorCode) in
        try auth.client.verifyPhoneNumber(phoneNumber)
      }
    }
  }

  /// A credential from the verification id ``verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`` returned
  /// and the code the user typed. Nothing is checked until it is used.
  open func credential(withVerificationID verificationID: String, verificationCode: String)
    -> PhoneAuthCredential
  {
    PhoneAuthCredential(verificationID: verificationID, verificationCode: verificationCode)
  }
}
