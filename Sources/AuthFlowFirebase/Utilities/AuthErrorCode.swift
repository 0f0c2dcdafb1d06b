import Foundation

/// The codes of FirebaseAuth's errors, with the SDK's raw values (`NSError.code` in ``AuthErrors/domain``).
///
/// As in FirebaseAuth 11.1 and later this is a Swift enum that is also an `Error`; the errors the API throws
/// are `NSError`s in `FIRAuthErrorDomain` whose `code` is one of these raw values, so app code reads them with
/// `AuthErrorCode(rawValue: (error as NSError).code)` or compares `error.code` with `.rawValue`.
public enum AuthErrorCode: Int, Error, Sendable {
  case invalidCustomToken = 17000
  case customTokenMismatch = 17002
  case invalidCredential = 17004
  case userDisabled = 17005
  case operationNotAllowed = 17006
  case emailAlreadyInUse = 17007
  case invalidEmail = 17008
  case wrongPassword = 17009
  case tooManyRequests = 17010
  case userNotFound = 17011
  case accountExistsWithDifferentCredential = 17012
  case requiresRecentLogin = 17014
  case providerAlreadyLinked = 17015
  case noSuchProvider = 17016
  case invalidUserToken = 17017
  case networkError = 17020
  case userTokenExpired = 17021
  case invalidAPIKey = 17023
  case userMismatch = 17024
  case credentialAlreadyInUse = 17025
  case weakPassword = 17026
  case appNotAuthorized = 17028
  case expiredActionCode = 17029
  case invalidActionCode = 17030
  case invalidMessagePayload = 17031
  case invalidSender = 17032
  case invalidRecipientEmail = 17033
  case missingEmail = 17034
  case missingIosBundleID = 17036
  case missingAndroidPackageName = 17037
  case unauthorizedDomain = 17038
  case invalidContinueURI = 17039
  case missingContinueURI = 17040
  case missingPhoneNumber = 17041
  case invalidPhoneNumber = 17042
  case missingVerificationCode = 17043
  case invalidVerificationCode = 17044
  case missingVerificationID = 17045
  case invalidVerificationID = 17046
  case missingAppCredential = 17047
  case invalidAppCredential = 17048
  case sessionExpired = 17051
  case quotaExceeded = 17052
  case missingAppToken = 17053
  case notificationNotForwarded = 17054
  case appNotVerified = 17055
  case captchaCheckFailed = 17056
  case webContextAlreadyPresented = 17057
  case webContextCancelled = 17058
  case appVerificationUserInteractionFailure = 17059
  case invalidClientID = 17060
  case webNetworkRequestFailed = 17061
  case webInternalError = 17062
  case webSignInUserInteractionFailure = 17063
  case localPlayerNotAuthenticated = 17066
  case nullUser = 17067
  case dynamicLinkNotActivated = 17068
  case invalidProviderID = 17071
  case tenantIDMismatch = 17072
  case unsupportedTenantOperation = 17073
  case invalidDynamicLinkDomain = 17074
  case invalidHostingLinkDomain = 17214
  case rejectedCredential = 17075
  case gameKitNotLinked = 17076
  case secondFactorRequired = 17078
  case missingMultiFactorSession = 17081
  case missingMultiFactorInfo = 17082
  case invalidMultiFactorSession = 17083
  case multiFactorInfoNotFound = 17084
  case adminRestrictedOperation = 17085
  case unverifiedEmail = 17086
  case secondFactorAlreadyEnrolled = 17087
  case maximumSecondFactorCountExceeded = 17088
  case unsupportedFirstFactor = 17089
  case emailChangeNeedsVerification = 17090
  case missingClientIdentifier = 17093
  case missingOrInvalidNonce = 17094
  case blockingCloudFunctionError = 17105
  case recaptchaNotEnabled = 17200
  case missingRecaptchaToken = 17201
  case invalidRecaptchaToken = 17202
  case invalidRecaptchaAction = 17203
  case missingClientType = 17204
  case missingRecaptchaVersion = 17205
  case invalidRecaptchaVersion = 17206
  case invalidReqType = 17207
  case recaptchaSDKNotLinked = 17208
  case recaptchaSiteKeyMissing = 17209
  case recaptchaActionCreationFailed = 17210
  case keychainError = 17995
  case internalError = 17999
  case malformedJWT = 18000

  /// The type itself under FirebaseAuth 10's name for the code enum, so `AuthErrorCode.Code(rawValue:)` and
  /// `AuthErrorCode.Code.wrongPassword` in older app code still compile (FirebaseAuth 11 itself has no `Code`).
  public typealias Code = AuthErrorCode

  /// The code itself, as the Objective-C era's `AuthErrorCode.code` was.
  public var code: Self { self }

  /// The code of an error in ``AuthErrors/domain``; nil for an error of another domain.
  ///
  /// On Apple platforms this initializer comes from Swift's error bridging, which compares the domain with the
  /// Swift type's name; here it accepts the domain FirebaseAuth's errors really carry.
  public init?(_bridgedNSError error: NSError) {
    guard error.domain == AuthErrors.domain else { return nil }
    self.init(rawValue: error.code)
  }

  /// `ERROR_WRONG_PASSWORD` and so on: the name FirebaseAuth puts under ``AuthErrors/userInfoNameKey``.
  var errorCodeString: String {
    if let name = Self.irregularNames[self] { return name }
    var name = "ERROR_"
    for character in String(describing: self) {
      if character.isUppercase { name.append("_") }
      name.append(contentsOf: character.uppercased())
    }
    return name
  }

  /// Names that do not follow from the case name.
  private static let irregularNames: [AuthErrorCode: String] = [
    .networkError: "ERROR_NETWORK_REQUEST_FAILED",
    .invalidAPIKey: "ERROR_INVALID_API_KEY",
    .missingIosBundleID: "ERROR_MISSING_IOS_BUNDLE_ID",
    .missingAndroidPackageName: "ERROR_MISSING_ANDROID_PKG_NAME",
    .invalidContinueURI: "ERROR_INVALID_CONTINUE_URI",
    .missingContinueURI: "ERROR_MISSING_CONTINUE_URI",
    .missingVerificationID: "ERROR_MISSING_VERIFICATION_ID",
    .invalidVerificationID: "ERROR_INVALID_VERIFICATION_ID",
    .appVerificationUserInteractionFailure: "ERROR_APP_VERIFICATION_FAILED",
    .invalidClientID: "ERROR_INVALID_CLIENT_ID",
    .webSignInUserInteractionFailure: "ERROR_WEB_USER_INTERACTION_FAILURE",
    .invalidProviderID: "ERROR_INVALID_PROVIDER_ID",
    .tenantIDMismatch: "ERROR_TENANT_ID_MISMATCH",
    .blockingCloudFunctionError: "ERROR_BLOCKING_CLOUD_FUNCTION_RETURNED_ERROR",
    .recaptchaSDKNotLinked: "ERROR_RECAPTCHA_SDK_NOT_LINKED",
    .malformedJWT: "ERROR_MALFORMED_JWT",
  ]
}

extension AuthErrorCode: CustomNSError {
  /// ``AuthErrors/domain``, so `AuthErrorCode.wrongPassword as NSError` looks like a thrown error.
  public static var errorDomain: String { AuthErrors.domain }
  /// The raw value.
  public var errorCode: Int { rawValue }
}
