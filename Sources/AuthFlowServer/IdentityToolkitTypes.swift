import AuthFlowEngine
import AuthFlowLanguage

// Request and response bodies of the Identity Toolkit v1 endpoints, field for field as the service names
// them. Fields the server does not use are not decoded; unknown fields are ignored, as the service does.

struct SignUpRequest: Decodable {
  var email: String?
  var password: String?
  var displayName: String?
  /// Present when the SDK links an email and password to the signed-in user.
  var idToken: String?
  /// Only an Admin call may name the new account's uid; a client's is `UNEXPECTED_PARAMETER : User ID`.
  var localId: String?
  /// Phone factors to create the account with (`{phoneInfo, displayName?}`), as the emulator takes them.
  var mfaInfo: [MFAFactorInput]?
}

struct SignInWithPasswordRequest: Decodable {
  var email: String?
  var password: String?
}

struct SignInWithIdpRequest: Decodable {
  var requestUri: String?
  /// `id_token=…&providerId=google.com`, URL-encoded.
  var postBody: String?
  var idToken: String?
  var returnIdpCredential: Bool?
}

struct SendOobCodeRequest: Decodable {
  var requestType: RequestType?
  var email: String?
  /// `VERIFY_AND_CHANGE_EMAIL`: the address to change to.
  var newEmail: String?
  var idToken: String?
  /// The Admin SDK's `generate…Link`: return the link instead of sending an email.
  var returnOobLink: Bool?
  /// Where the action handler sends the user afterwards: an absolute URI.
  var continueUrl: String?
}

struct UpdateRequest: Decodable {
  var idToken: String?
  var oobCode: String?
  var localId: String?
  var email: String?
  var password: String?
  var displayName: String?
  var photoUrl: String?
  var emailVerified: Bool?
  var disableUser: Bool?
  var deleteAttribute: [String]?
  var deleteProvider: [String]?
  var validSince: Flexible?
  /// The Admin SDK's `setCustomUserClaims`: a JSON object in a string.
  var customAttributes: String?
  /// The Admin SDK's `updateUser(uid, {phoneNumber})`; removing the number is `deleteProvider: ["phone"]`.
  var phoneNumber: String?
  /// The Admin SDK's `updateUser(uid, {multiFactor: {enrolledFactors}})`: the new factor list; no
  /// `enrollments` (or an empty list) removes every factor.
  var mfa: MFAUpdate?
  /// The Admin SDK's `updateUser(uid, {providerToLink})`: an identity-provider account to link as described.
  var linkProviderUserInfo: ProviderUserInfoBody?
}

/// An identity-provider account as a request describes it (Identity Toolkit's `ProviderUserInfo`): an entry of
/// an import's `providerUserInfo`, or an update's `linkProviderUserInfo`.
struct ProviderUserInfoBody: Decodable {
  var providerId: String?
  var rawId: String?
  /// The IdP's id in the provider's form (`https://accounts.google.com/SUB`), read when `rawId` is missing.
  var federatedId: String?
  var email: String?
  var displayName: String?
  var photoUrl: String?
}

/// `accounts:update`'s `mfa`.
struct MFAUpdate: Decodable {
  var enrollments: [MFAFactorInput]?

  enum CodingKeys: String, CodingKey { case enrollments }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    // Absent means "no factors"; an explicit null is not a list, as the service's JSON parser says.
    if container.contains(.enrollments), try container.decodeNil(forKey: .enrollments) {
      throw ServiceError.badJSON("/mfa/enrollments must be array")
    }
    enrollments = try container.decodeIfPresent([MFAFactorInput].self, forKey: .enrollments)
  }
}

/// A phone factor as the Admin SDK sends it (`mfa.enrollments[]`, `mfaInfo[]`).
struct MFAFactorInput: Decodable {
  var mfaEnrollmentId: String?
  var displayName: String?
  var phoneInfo: String?
  /// RFC 3339.
  var enrolledAt: String?
}

/// An empty message (`totpEnrollmentInfo: {}`): present or not is all it says.
struct EmptyMessage: Decodable {}

struct PhoneNumberInfo: Decodable {
  var phoneNumber: String?
}

struct PhoneVerificationInfo: Decodable {
  var sessionInfo: String?
  var code: String?
}

struct TOTPVerificationInfo: Decodable {
  /// Enrolment only: the `sessionInfo` of `totpSessionInfo`.
  var sessionInfo: String?
  var verificationCode: String?
}

struct MFAEnrollmentStartRequest: Decodable {
  var idToken: String?
  var phoneEnrollmentInfo: PhoneNumberInfo?
  var totpEnrollmentInfo: EmptyMessage?
}

struct MFAEnrollmentFinalizeRequest: Decodable {
  var idToken: String?
  var displayName: String?
  var phoneVerificationInfo: PhoneVerificationInfo?
  var totpVerificationInfo: TOTPVerificationInfo?
}

struct MFAWithdrawRequest: Decodable {
  var idToken: String?
  var mfaEnrollmentId: String?
}

/// `phoneSignInInfo` (reCAPTCHA and the like) is not checked, so not decoded.
struct MFASignInStartRequest: Decodable {
  var mfaPendingCredential: String?
  var mfaEnrollmentId: String?
}

struct MFASignInFinalizeRequest: Decodable {
  var mfaPendingCredential: String?
  var mfaEnrollmentId: String?
  var phoneVerificationInfo: PhoneVerificationInfo?
  var totpVerificationInfo: TOTPVerificationInfo?
}

struct SignInWithCustomTokenRequest: Decodable {
  var token: String?
}

struct LookupRequest: Decodable {
  var idToken: String?
  var localId: [String]?
  var email: [String]?
  /// The Admin SDK's `getUserByPhoneNumber`.
  var phoneNumber: [String]?
}

/// `recaptchaToken`, `iosReceipt`, `iosSecret`, `playIntegrityToken` and the like prove the app, not the user;
/// the server does not check them (nor does the emulator), so they are not decoded.
struct SendVerificationCodeRequest: Decodable {
  var phoneNumber: String?
}

struct SignInWithPhoneNumberRequest: Decodable {
  var sessionInfo: String?
  var code: String?
  /// Present when the SDK links the number to the signed-in user.
  var idToken: String?
  /// A proof a refused link handed back, with the number it proves (in place of `sessionInfo` and `code`).
  var temporaryProof: String?
  var phoneNumber: String?
  /// What the SDK means by the call: `SIGN_UP_OR_IN`, `REAUTH`, `UPDATE`, `LINK` (or the enum's number).
  var operation: PhoneOperation?
}

/// `signInWithPhoneNumber`'s `operation`.
struct PhoneOperation: ProtobufEnum {
  var name: String

  /// Identity Toolkit's `VerifyOp`, in its numbering.
  static let names = ["VERIFY_OP_UNSPECIFIED", "SIGN_UP_OR_IN", "REAUTH", "UPDATE", "LINK"]
}

/// An enum field as protobuf's JSON carries it: its name, or its number (`1` for the second name), as Android's
/// SDK sends some.
protocol ProtobufEnum: Decodable, Equatable {
  /// The enum's names, in its numbering.
  static var names: [String] { get }
  var name: String { get }
  init(name: String)
}

extension ProtobufEnum {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self.init(name: Self.names.indices.contains(number) ? Self.names[number] : String(number))
    } else {
      self.init(name: try container.decode(String.self))
    }
  }
}

struct DeleteRequest: Decodable {
  var idToken: String?
  var localId: String?
}

struct CreateAuthUriRequest: Decodable {
  var identifier: String?
  var continueUri: String?
  var sessionId: String?
}

struct SignInWithEmailLinkRequest: Decodable {
  var email: String?
  var oobCode: String?
  var idToken: String?
}

struct ResetPasswordRequest: Decodable {
  var oobCode: String?
  var newPassword: String?
}

struct AdminCreateRequest: Decodable {
  var localId: String?
  var email: String?
  var password: String?
  var displayName: String?
  var photoUrl: String?
  var emailVerified: Bool?
  var disabled: Bool?
  var phoneNumber: String?
  /// The Admin SDK's `createUser({multiFactor: {enrolledFactors}})`: phone factors.
  var mfaInfo: [MFAFactorInput]?
}

struct RefreshRequest: Decodable {
  var grantType: String?
  var refreshToken: String?

  enum CodingKeys: String, CodingKey {
    case grantType = "grant_type"
    case refreshToken = "refresh_token"
  }
}

/// A value the SDKs send as a number or as a string (`validSince`).
struct Flexible: Decodable {
  var text: String
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int64.self) {
      text = String(number)
    } else {
      text = try container.decode(String.self)
    }
  }
}

/// One user as `lookup` and the Admin SDK's `UserRecord` read it; a tenant's user names its `tenantId`.
func userJSON(_ account: ServedAccount, tenant: String? = nil) -> JSON {
  var infos: [JSON] = []
  if account.hasPassword, let email = account.email {
    infos.append([
      "providerId": "password", "rawId": .string(email), "federatedId": .string(email),
      "email": .string(email),
    ])
  }
  // Each link as the provider described it: its own email, name and photo, not the account's.
  for link in account.links {
    infos.append([
      "providerId": .string(link.provider.rawValue), "rawId": .string(link.subject),
      "federatedId": .optional(link.federatedID), "email": .optional(link.email),
      "displayName": .optional(link.displayName), "photoUrl": .optional(link.photoURL),
    ])
  }
  if let number = account.phoneNumber {
    infos.append(["providerId": "phone", "rawId": .string(number), "phoneNumber": .string(number)])
  }
  let created = String(account.createdAt.secondsSince1970 * 1000)
  let lastLogin = String((account.lastSignInAt ?? account.createdAt).secondsSince1970 * 1000)
  var user: [String: JSON] = [
    "localId": .string(account.uid), "emailVerified": .bool(account.emailVerified),
    "disabled": .bool(account.disabled), "providerUserInfo": .array(infos), "createdAt": .string(created),
    "lastLoginAt": .string(lastLogin),
  ]
  // RFC 3339 with milliseconds, as production writes it; the virtual clock has whole seconds.
  if let refreshed = account.lastRefreshAt {
    user["lastRefreshAt"] = .string(refreshed.description.dropLast() + ".000Z")
  }
  if let email = account.email { user["email"] = .string(email) }
  if let name = account.displayName { user["displayName"] = .string(name) }
  if let photo = account.photoURL { user["photoUrl"] = .string(photo) }
  if let screenName = account.screenName { user["screenName"] = .string(screenName) }
  if let initialEmail = account.initialEmail { user["initialEmail"] = .string(initialEmail) }
  if let number = account.phoneNumber { user["phoneNumber"] = .string(number) }
  if account.emailLinkSignIn { user["emailLinkSignin"] = true }
  // Production returns a salted hash; the server says only that a password exists, never what it is.
  if account.hasPassword { user["passwordHash"] = "UkVEQUNURUQ=" }
  if !account.customClaims.isEmpty {
    user["customAttributes"] = .string(CustomClaims.attributes(account.customClaims))
  }
  if !account.mfa.isEmpty { user["mfaInfo"] = .array(account.mfa.map { factorJSON($0, masked: false) }) }
  // `validSince` (seconds): the Admin SDK's `tokens_valid_after_timestamp`, what `check_revoked` compares with.
  user["validSince"] = .string(String((account.revokedAt ?? account.createdAt).secondsSince1970))
  if let tenant { user["tenantId"] = .string(tenant) }
  return .object(user)
}

/// `sendOobCode`'s `requestType` (`1` is `PASSWORD_RESET`).
struct RequestType: ProtobufEnum {
  var name: String

  /// Identity Toolkit's `OobReqType`, in its numbering.
  static let names = [
    "OOB_REQ_TYPE_UNSPECIFIED", "PASSWORD_RESET", "OLD_EMAIL_AGREE", "NEW_EMAIL_ACCEPT", "VERIFY_EMAIL",
    "RECOVER_EMAIL", "EMAIL_SIGNIN", "VERIFY_AND_CHANGE_EMAIL", "REVERT_SECOND_FACTOR_ADDITION",
  ]
}
