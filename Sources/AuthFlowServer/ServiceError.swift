import AuthFlowEngine
import AuthFlowLanguage

/// An error as Identity Toolkit returns it:
/// `{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[{"message":"EMAIL_EXISTS","domain":"global","reason":"invalid"}]}}`.
public struct ServiceError: Error, Equatable, Sendable {
  /// The HTTP status (400 unless said).
  public var status: Int
  /// The service's message (`EMAIL_EXISTS`, `WEAK_PASSWORD : …`), which the SDKs map to their error codes.
  public var message: String
  /// Google's canonical status (`INVALID_ARGUMENT`, `NOT_FOUND`), present on errors the API front end raises.
  public var canonical: String?

  /// An error with `message` and `status`, and `canonical` when the API front end raises it.
  public init(status: Int = 400, _ message: String, canonical: String? = nil) {
    self.status = status
    self.message = message
    self.canonical = canonical
  }

  /// Where an error happens decides some messages: production says `EMAIL_NOT_FOUND` to a sign-in and
  /// `USER_NOT_FOUND` to an Admin SDK call or a token refresh.
  public enum Context: Sendable {
    /// A client SDK call.
    case client
    /// An Admin SDK call.
    case admin
    /// A token refresh at the secure-token endpoint.
    case refresh
    /// Enrolling a second factor (`mfaEnrollment:start|finalize`).
    case mfaEnrollment
  }

  /// The service's message for an `AuthErrorCode` the backend threw; one switch renders them all.
  public init(_ code: AuthErrorCode, context: Context = .client, passwordMinLength: Int = 6) {
    switch code {
    case .emailAlreadyInUse: self.init("EMAIL_EXISTS")
    case .wrongPassword: self.init("INVALID_PASSWORD")
    case .invalidCredential: self.init("INVALID_LOGIN_CREDENTIALS")
    case .userNotFound: self.init(context == .client ? "EMAIL_NOT_FOUND" : "USER_NOT_FOUND")
    case .requiresRecentLogin: self.init("CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
    case .credentialAlreadyInUse: self.init("FEDERATED_USER_ID_ALREADY_LINKED")
    case .providerAlreadyLinked: self.init("PROVIDER_ALREADY_LINKED")
    case .invalidActionCode: self.init("INVALID_OOB_CODE")
    case .expiredActionCode: self.init("EXPIRED_OOB_CODE")
    case .weakPassword:
      self.init("WEAK_PASSWORD : Password should be at least \(passwordMinLength) characters")
    case .invalidEmail: self.init("INVALID_EMAIL")
    case .tooManyRequests: self.init("TOO_MANY_ATTEMPTS_TRY_LATER")
    case .userTokenExpired: self.init(context == .refresh ? "TOKEN_EXPIRED" : "TOKEN_EXPIRED")
    case .userDisabled: self.init("USER_DISABLED")
    case .userMismatch: self.init("USER_MISMATCH")
    case .operationNotAllowed: self.init("OPERATION_NOT_ALLOWED")
    case .adminRestrictedOperation: self.init("ADMIN_ONLY_OPERATION")
    case .uidAlreadyExists: self.init("DUPLICATE_LOCAL_ID")
    case .invalidCustomToken: self.init("INVALID_CUSTOM_TOKEN")
    case .invalidPhoneNumber: self.init("INVALID_PHONE_NUMBER : Invalid format.")
    case .missingVerificationCode: self.init("MISSING_CODE")
    case .invalidVerificationID: self.init("INVALID_SESSION_INFO")
    case .invalidVerificationCode: self.init("INVALID_CODE")
    case .sessionExpired: self.init("SESSION_EXPIRED")
    case .quotaExceeded: self.init("QUOTA_EXCEEDED")
    case .phoneNumberAlreadyExists: self.init("PHONE_NUMBER_EXISTS")
    case .invalidTemporaryProof: self.init("INVALID_TEMPORARY_PROOF")
    case .unverifiedEmail:
      self.init("UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.")
    case .secondFactorAlreadyInUse: self.init("SECOND_FACTOR_EXISTS")
    case .maximumSecondFactorCountExceeded: self.init("SECOND_FACTOR_LIMIT_EXCEEDED")
    case .multiFactorInfoNotFound: self.init("MFA_ENROLLMENT_NOT_FOUND")
    case .unsupportedFirstFactor where context == .mfaEnrollment:
      self.init("UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.")
    case .unsupportedFirstFactor:
      self.init(
        "UNSUPPORTED_FIRST_FACTOR : A phone number cannot be set as a first factor on an SMS based MFA user.")
    case .invalidMultiFactorSession: self.init("INVALID_MFA_PENDING_CREDENTIAL")
    case .emailChangeNeedsVerification: self.init("EMAIL_CHANGE_NEEDS_VERIFICATION")
    case .missingEmail: self.init("MISSING_EMAIL")
    case .internalError: self.init(status: 500, "INTERNAL_ERROR", canonical: "INTERNAL")
    case .networkRequestFailed:
      self.init(status: 503, "The service is currently unavailable.", canonical: "UNAVAILABLE")
    default: self.init(status: 500, "INTERNAL_ERROR : \(code)", canonical: "INTERNAL")
    }
  }

  /// `INVALID_ARGUMENT : detail`: a control request the server cannot take, and why.
  static func invalidArgument(_ detail: String) -> ServiceError {
    ServiceError("INVALID_ARGUMENT : " + detail)
  }

  static let invalidIDToken = ServiceError("INVALID_ID_TOKEN")
  static func missing(_ field: String) -> ServiceError { ServiceError("MISSING_\(field)") }
  static let notFound = ServiceError(status: 404, "Not Found", canonical: "NOT_FOUND")
  static func badJSON(_ detail: String) -> ServiceError {
    ServiceError("Invalid JSON payload received. \(detail)", canonical: "INVALID_ARGUMENT")
  }

  /// The JSON body.
  public var body: ErrorBody {
    ErrorBody(
      error: .init(
        code: status, message: message,
        errors: [.init(message: message, domain: "global", reason: status == 404 ? "notFound" : "invalid")],
        status: canonical))
  }

  /// The JSON body the service answers an error with.
  public struct ErrorBody: Codable, Equatable, Sendable {
    /// The `error` object.
    public var error: Detail
    /// What `error` holds.
    public struct Detail: Codable, Equatable, Sendable {
      /// The HTTP status, again.
      public var code: Int
      /// The service's message.
      public var message: String
      /// The message once more, with its domain and reason, as Google APIs list errors.
      public var errors: [Item]
      /// The canonical status, when there is one.
      public var status: String?
    }
    /// One entry of `errors`.
    public struct Item: Codable, Equatable, Sendable {
      /// The service's message.
      public var message: String
      /// Always `global`.
      public var domain: String
      /// `notFound` for a 404, `invalid` otherwise.
      public var reason: String
    }
  }
}
