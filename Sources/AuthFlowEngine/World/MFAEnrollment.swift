import AuthFlowLanguage

/// A second factor enrolled on an account: Identity Toolkit's `mfaInfo` entry (the FirebaseAuth SDK's
/// `MultiFactorInfo`). A TOTP factor's secret is not here: only the backend and the user's authenticator hold it.
public struct MFAEnrollment: Equatable, Sendable {
  /// The enrolment's id (`mfaEnrollmentId`, the SDK's `uid`).
  public var id: String
  /// SMS or TOTP.
  public var kind: SecondFactor.Kind
  /// A phone factor's number (E.164); nil for TOTP.
  public var phoneNumber: String?
  /// The name the user gave it, if any.
  public var displayName: String?
  /// When it was enrolled.
  public var enrolledAt: VirtualTime
}

/// A sign-in that passed its first factor and waits for a second: the resolver's hints.
public struct MFAChallenge: Equatable, Sendable {
  /// The pending credential's id (`mfaPendingCredential`).
  public var id: String
  /// The account's enrolled factors, one of which must answer.
  public var factors: [MFAEnrollment]
}

/// A TOTP enrolment the user has started: the secret to put in an authenticator app.
public struct TOTPEnrollmentStart: Equatable, Sendable {
  /// The enrolment session's id (`sessionInfo`).
  public var sessionID: String
  /// The shared secret, base32 (`sharedSecretKey`), as the app shows it or puts it in a QR code.
  public var secretKey: String
}

/// An enrolment between its start and its finish.
struct PendingMFAEnrollment {
  var uid: String
  var kind: SecondFactor.Kind
  /// A TOTP enrolment's secret; nil for phone (the verification holds the code).
  var secret: [UInt8]?
  var startedAt: VirtualTime
}

/// A sign-in waiting for its second factor.
struct PendingMFASignIn {
  var uid: String
  /// How the first factor signed in, carried into the session.
  var provider: ProviderID?
  var startedAt: VirtualTime
  /// Phone verifications started for it: verification id → the factor's enrolment id.
  var verifications: [String: String] = [:]
}

/// A phone factor as the Admin SDK describes it (`mfa.enrollments[]`, `mfaInfo[]`).
struct AdminPhoneFactor {
  /// `mfaEnrollmentId`, when the Admin SDK keeps an existing factor; nil for a new one.
  var id: String?
  /// `phoneInfo`, E.164.
  var phoneNumber: String
  /// `displayName`.
  var displayName: String?
  /// `enrolledAt`; nil means now.
  var enrolledAt: VirtualTime?
}
