import Foundation

/// The codes of FirebaseAuth's errors, with the SDK's raw values (`NSError.code` in ``AuthErrors/domain``).
///
/// As in FirebaseAuth 11.1 and later this is a Swift enum that is also an `Error`; the errors the API throws
/// are `NSError`s in `FIRAuthErrorDomain` whose `code` is one of these raw values, so app code reads them with
/// `AuthErrorCode(rawValue: (error as NSError).code)` or compares `error.code` with `.rawValue`.
public enum AuthErrorCode: Int, Error, Sendable {
  /// The custom token is malformed.
  case invalidCustomToken = 17000
  /// The custom token belongs to another project.
  case customTokenMismatch = 17002
  /// The credential is malformed or expired, or the email or password is wrong with enumeration protection on.
  case invalidCredential = 17004
  /// An administrator disabled the account.
  case userDisabled = 17005
  /// The sign-in method is not enabled for the project.
  case operationNotAllowed = 17006
  /// Another account already has the email.
  case emailAlreadyInUse = 17007
  /// The email address is not well formed.
  case invalidEmail = 17008
  /// The password is wrong (enumeration protection off).
  case wrongPassword = 17009
  /// Too many requests from the device or to the address; try again later.
  case tooManyRequests = 17010
  /// No account matches (enumeration protection off).
  case userNotFound = 17011
  /// An account with the IdP's email exists and signs in another way.
  case accountExistsWithDifferentCredential = 17012
  /// The operation is sensitive and the last sign-in is too old: re-authenticate first.
  case requiresRecentLogin = 17014
  /// The user already has an account of this provider linked.
  case providerAlreadyLinked = 17015
  /// The user has no account of the provider to unlink.
  case noSuchProvider = 17016
  /// The user's token is no longer valid (for example, the account was deleted).
  case invalidUserToken = 17017
  /// The request could not reach the service.
  case networkError = 17020
  /// The user's session expired or was revoked: sign in again.
  case userTokenExpired = 17021
  /// The API key is not valid.
  case invalidAPIKey = 17023
  /// The credential given to re-authenticate belongs to another user.
  case userMismatch = 17024
  /// Another user already has this provider account linked.
  case credentialAlreadyInUse = 17025
  /// The password is too short.
  case weakPassword = 17026
  /// The app is not authorized to use the project with this API key.
  case appNotAuthorized = 17028
  /// The action code expired.
  case expiredActionCode = 17029
  /// The action code is malformed, unknown or already used.
  case invalidActionCode = 17030
  /// The email template's payload is invalid.
  case invalidMessagePayload = 17031
  /// The email template's sender is invalid.
  case invalidSender = 17032
  /// The recipient's email address is invalid.
  case invalidRecipientEmail = 17033
  /// The request needs an email address.
  case missingEmail = 17034
  /// The action code settings name an install without an iOS bundle id.
  case missingIosBundleID = 17036
  /// The action code settings ask to install an Android app without its package name.
  case missingAndroidPackageName = 17037
  /// The continue URL's domain is not authorized for the project.
  case unauthorizedDomain = 17038
  /// The continue URL is not valid.
  case invalidContinueURI = 17039
  /// The request needs a continue URL.
  case missingContinueURI = 17040
  /// Phone sign-in without a phone number.
  case missingPhoneNumber = 17041
  /// The phone number is not valid.
  case invalidPhoneNumber = 17042
  /// Phone sign-in without the SMS code.
  case missingVerificationCode = 17043
  /// The SMS code is wrong.
  case invalidVerificationCode = 17044
  /// Phone sign-in without a verification id.
  case missingVerificationID = 17045
  /// The verification id is not valid.
  case invalidVerificationID = 17046
  /// Phone verification without the app's credential.
  case missingAppCredential = 17047
  /// The app's credential for phone verification is not valid.
  case invalidAppCredential = 17048
  /// The SMS code expired; send a new one.
  case sessionExpired = 17051
  /// The project's SMS quota is exhausted.
  case quotaExceeded = 17052
  /// The APNs device token is missing.
  case missingAppToken = 17053
  /// The app did not forward the silent push notification to Auth.
  case notificationNotForwarded = 17054
  /// Firebase could not verify the app for phone sign-in.
  case appNotVerified = 17055
  /// The reCAPTCHA response is invalid or expired.
  case captchaCheckFailed = 17056
  /// A web sign-in flow is already on screen.
  case webContextAlreadyPresented = 17057
  /// The user closed the web sign-in flow.
  case webContextCancelled = 17058
  /// App verification needed the user and did not get an answer.
  case appVerificationUserInteractionFailure = 17059
  /// The OAuth client id is not valid.
  case invalidClientID = 17060
  /// The web sign-in flow lost the network.
  case webNetworkRequestFailed = 17061
  /// The web sign-in flow failed inside the web view.
  case webInternalError = 17062
  /// The web sign-in flow could not interact with the user.
  case webSignInUserInteractionFailure = 17063
  /// Game Center sign-in without an authenticated local player.
  case localPlayerNotAuthenticated = 17066
  /// An operation was given no user.
  case nullUser = 17067
  /// Firebase Dynamic Links is not enabled for the project.
  case dynamicLinkNotActivated = 17068
  /// The provider id is not a supported one.
  case invalidProviderID = 17071
  /// The user belongs to another tenant than the Auth instance.
  case tenantIDMismatch = 17072
  /// The operation is not available for a tenant.
  case unsupportedTenantOperation = 17073
  /// The dynamic link domain is not configured for the project.
  case invalidDynamicLinkDomain = 17074
  /// The hosting link domain is not configured for the project.
  case invalidHostingLinkDomain = 17214
  /// The credential was rejected (a bad OIDC or SAML response).
  case rejectedCredential = 17075
  /// GameKit is not linked into the app.
  case gameKitNotLinked = 17076
  /// Sign-in needs the user's second factor.
  case secondFactorRequired = 17078
  /// A multi-factor operation without its session.
  case missingMultiFactorSession = 17081
  /// A multi-factor operation without the factor to use.
  case missingMultiFactorInfo = 17082
  /// The multi-factor session is not valid.
  case invalidMultiFactorSession = 17083
  /// The user has no such second factor.
  case multiFactorInfoNotFound = 17084
  /// Only an administrator may do this.
  case adminRestrictedOperation = 17085
  /// The operation needs a verified email.
  case unverifiedEmail = 17086
  /// The second factor is already enrolled.
  case secondFactorAlreadyEnrolled = 17087
  /// The user has the most second factors allowed.
  case maximumSecondFactorCountExceeded = 17088
  /// Multi-factor is not supported with this first factor.
  case unsupportedFirstFactor = 17089
  /// Changing the email needs the new address verified first.
  case emailChangeNeedsVerification = 17090
  /// The request lacks the app's client identifier.
  case missingClientIdentifier = 17093
  /// The OIDC ID token's nonce is missing or does not match.
  case missingOrInvalidNonce = 17094
  /// A blocking Cloud Function refused the operation.
  case blockingCloudFunctionError = 17105
  /// reCAPTCHA Enterprise is not enabled for the project.
  case recaptchaNotEnabled = 17200
  /// The request lacks its reCAPTCHA token.
  case missingRecaptchaToken = 17201
  /// The reCAPTCHA token is not valid.
  case invalidRecaptchaToken = 17202
  /// The reCAPTCHA action is not valid.
  case invalidRecaptchaAction = 17203
  /// The request lacks its client type.
  case missingClientType = 17204
  /// The request lacks its reCAPTCHA version.
  case missingRecaptchaVersion = 17205
  /// The reCAPTCHA version is not valid.
  case invalidRecaptchaVersion = 17206
  /// The request type is not valid.
  case invalidReqType = 17207
  /// The reCAPTCHA Enterprise SDK is not linked into the app.
  case recaptchaSDKNotLinked = 17208
  /// The project has no reCAPTCHA site key.
  case recaptchaSiteKeyMissing = 17209
  /// The reCAPTCHA action could not be created.
  case recaptchaActionCreationFailed = 17210
  /// The password does not meet the project's password policy (FirebaseAuth 12.18). The world models no
  /// password policy beyond the six-character minimum (``weakPassword``), so no call answers it.
  case passwordDoesNotMeetRequirements = 17211
  /// The keychain could not be read or written.
  case keychainError = 17995
  /// An unexpected error; the underlying error says more.
  case internalError = 17999
  /// A JWT could not be parsed.
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
