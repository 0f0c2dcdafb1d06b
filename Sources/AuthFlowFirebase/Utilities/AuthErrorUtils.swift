import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// Turns what the world says into the `NSError` FirebaseAuth throws.
enum AuthErrorUtils {
  /// The SDK's code for one of the world's `auth/…` codes; the client's own `app/…` codes are internal errors.
  static func code(for worldCode: AuthFlowLanguage.AuthErrorCode) -> AuthErrorCode {
    switch worldCode {
    case .emailAlreadyInUse: .emailAlreadyInUse
    case .wrongPassword: .wrongPassword
    case .invalidCredential: .invalidCredential
    case .userNotFound: .userNotFound
    case .requiresRecentLogin: .requiresRecentLogin
    case .accountExistsWithDifferentCredential: .accountExistsWithDifferentCredential
    case .credentialAlreadyInUse: .credentialAlreadyInUse
    case .providerAlreadyLinked: .providerAlreadyLinked
    case .invalidActionCode: .invalidActionCode
    case .expiredActionCode: .expiredActionCode
    case .weakPassword: .weakPassword
    case .invalidEmail: .invalidEmail
    case .tooManyRequests: .tooManyRequests
    case .userTokenExpired: .userTokenExpired
    case .userDisabled: .userDisabled
    case .networkRequestFailed: .networkError
    case .webContextCancelled: .webContextCancelled
    case .userMismatch: .userMismatch
    case .operationNotAllowed: .operationNotAllowed
    case .adminRestrictedOperation: .adminRestrictedOperation
    case .noSuchProvider: .noSuchProvider
    case .invalidCustomToken: .invalidCustomToken
    case .invalidVerificationCode: .invalidVerificationCode
    case .invalidVerificationID: .invalidVerificationID
    case .missingVerificationCode: .missingVerificationCode
    case .sessionExpired: .sessionExpired
    case .invalidPhoneNumber: .invalidPhoneNumber
    case .quotaExceeded: .quotaExceeded
    case .invalidTemporaryProof: .invalidCredential
    case .multiFactorAuthRequired: .secondFactorRequired
    case .unverifiedEmail: .unverifiedEmail
    case .secondFactorAlreadyInUse: .secondFactorAlreadyEnrolled
    case .maximumSecondFactorCountExceeded: .maximumSecondFactorCountExceeded
    case .multiFactorInfoNotFound: .multiFactorInfoNotFound
    case .unsupportedFirstFactor: .unsupportedFirstFactor
    case .emailChangeNeedsVerification: .emailChangeNeedsVerification
    case .invalidMultiFactorSession: .invalidMultiFactorSession
    case .missingEmail: .missingEmail
    case .internalError: .internalError
    case AuthFlowLanguage.AuthErrorCode(rawValue: "app/not-signed-in"): .nullUser
    default: .internalError
    }
  }

  /// The error for a world code, with `userInfo` extras (the email, the updated credential).
  static func error(_ worldCode: AuthFlowLanguage.AuthErrorCode, userInfo: [String: Any] = [:]) -> NSError {
    let code = code(for: worldCode)
    var info = userInfo
    if code == .internalError, worldCode != .internalError {
      info[NSLocalizedFailureReasonErrorKey] = "authflow: \(worldCode.rawValue)"
    }
    return error(code, userInfo: info)
  }

  /// The URL loading system's error beneath a `networkError`, as the SDK wraps it: a device that is offline
  /// (`NSURLErrorNotConnectedToInternet`), or one whose request failed while it was online, as a `fail_next`
  /// makes it fail (`NSURLErrorNetworkConnectionLost`).
  static func urlError(offline: Bool) -> NSError {
    offline
      ? NSError(
        domain: NSURLErrorDomain, code: NSURLErrorNotConnectedToInternet,
        userInfo: [NSLocalizedDescriptionKey: "The device is offline."])
      : NSError(
        domain: NSURLErrorDomain, code: NSURLErrorNetworkConnectionLost,
        userInfo: [NSLocalizedDescriptionKey: "The network connection was lost during the request."])
  }

  /// What a password sign-in's `tooManyRequests` says when `backend` locks the account with `email` out
  /// (`password_attempt_limit`): the service's reason, which the SDK passes on as the description.
  static func passwordSignInUserInfo(
    _ error: AuthFlowLanguage.AuthErrorCode, email: String, backend: Backend
  ) -> [String: Any] {
    guard error == .tooManyRequests, backend.isLockedOut(email: email) else { return [:] }
    return [
      NSLocalizedDescriptionKey:
        "Access to this account has been temporarily disabled due to many failed login attempts. You can "
        + "immediately restore it by resetting your password or you can try again later."
    ]
  }

  /// The error for an SDK code.
  static func error(_ code: AuthErrorCode, message: String? = nil, userInfo: [String: Any] = [:]) -> NSError {
    var info = userInfo
    info[NSLocalizedDescriptionKey] = message ?? info[NSLocalizedDescriptionKey] ?? description(of: code)
    info[AuthErrors.userInfoNameKey] = code.errorCodeString
    if code == .networkError, info[NSUnderlyingErrorKey] == nil {
      info[NSUnderlyingErrorKey] = urlError(offline: true)
    }
    return NSError(domain: AuthErrors.domain, code: code.rawValue, userInfo: info)
  }

  /// Throws `operationNotAllowed` for an identity provider the world does not model (Microsoft, Yahoo, an OIDC
  /// or SAML provider): production answers so for a provider not enabled in the project, which is what the
  /// world's project is.
  static func requireModelled(provider: String) throws {
    let modelled = AuthFlowLanguage.ProviderID.identityProviders.map(\.rawValue)
    guard !modelled.contains(provider) else { return }
    throw error(
      .operationNotAllowed,
      message:
        "Sign-in with '\(provider)' is not modelled by authflow: it is not enabled in the world's project, whose "
        + "identity providers are \(modelled.joined(separator: ", ")).")
  }

  /// `operationNotAllowed` for a FirebaseAuth member the world does not model yet: production answers it for a
  /// sign-in method that is not enabled in the project, which is what the world's project is.
  static func unsupported(_ member: String) -> NSError {
    error(
      .operationNotAllowed,
      message:
        "\(member) is not modelled by authflow yet: its sign-in method is not enabled in the world's project."
    )
  }

  /// A short message in the spirit of the SDK's, for `localizedDescription`.
  static func description(of code: AuthErrorCode) -> String {
    switch code {
    case .emailAlreadyInUse: "Another account already uses this email address."
    case .wrongPassword: "The password is wrong, or the account has no password."
    case .invalidCredential: "The credential is malformed, has expired, or does not match an account."
    case .userNotFound: "No account matches this identifier; it may have been deleted."
    case .requiresRecentLogin: "This operation needs a recent sign-in. Re-authenticate, then try again."
    case .accountExistsWithDifferentCredential:
      "An account with this email already exists and signs in another way. Sign in with that, then link."
    case .credentialAlreadyInUse: "This credential already belongs to another account."
    case .providerAlreadyLinked: "This provider is already linked to the account."
    case .noSuchProvider: "The account is not linked to this provider."
    case .invalidCustomToken: "The custom token is malformed or names a reserved claim."
    case .invalidActionCode: "The action code is malformed, or has been used already."
    case .expiredActionCode: "The action code has expired."
    case .weakPassword: "The password is too short."
    case .invalidEmail: "The email address is malformed."
    case .missingEmail: "The account has no email address to send to."
    case .tooManyRequests: "Too many requests from this device; try again later."
    case .userTokenExpired: "The session has ended; sign in again."
    case .userDisabled: "An administrator has disabled this account."
    case .networkError: "The network request failed."
    case .webContextCancelled: "The user cancelled the sign-in."
    case .userMismatch: "The credential belongs to another user than the signed-in one."
    case .operationNotAllowed: "This sign-in method is not enabled for the project."
    case .adminRestrictedOperation: "This operation is restricted to administrators only."
    case .nullUser: "The operation needs a signed-in user, and there is none."
    case .invalidVerificationCode: "The SMS code is wrong; check it and type it again."
    case .invalidVerificationID: "The verification id is unknown or has been used already."
    case .missingVerificationCode: "The SMS code is empty."
    case .missingVerificationID: "The verification id is empty."
    case .sessionExpired: "The SMS code has expired; send a new one."
    case .invalidPhoneNumber: "The phone number is not in E.164 format (+ and the country code)."
    case .missingPhoneNumber: "The phone number is empty."
    case .quotaExceeded: "The project's SMS quota is exhausted."
    case .secondFactorRequired:
      "The account has second factors: answer one with the error's resolver to finish signing in."
    case .unverifiedEmail: "Verify the email before enrolling a second factor."
    case .secondFactorAlreadyEnrolled: "This second factor is already enrolled for the user."
    case .maximumSecondFactorCountExceeded: "The user has the most second factors allowed (5)."
    case .multiFactorInfoNotFound: "The user has no second factor with this identifier."
    case .unsupportedFirstFactor:
      "A phone number cannot be the first factor of a user with second factors, nor may such a session enroll one."
    case .missingMultiFactorSession: "The multi-factor operation needs a session."
    case .missingMultiFactorInfo: "The multi-factor operation needs a second factor."
    case .invalidMultiFactorSession: "The multi-factor session does not fit this operation."
    case .emailChangeNeedsVerification:
      "Accounts with a second factor must verify a new email before it is used."
    default: "An internal error occurred."
    }
  }
}
