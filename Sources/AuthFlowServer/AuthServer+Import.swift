import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// `accounts:batchCreate`: the Admin SDK's `importUsers`.
extension AuthServer {
  /// The most users one `batchCreate` takes, as production allows.
  static let importLimit = 1000

  /// `accounts:batchCreate {users, hashAlgorithm…, sanityCheck, allowOverwrite}`: imports up to 1,000 users
  /// (`MISSING_USER_ACCOUNT` for none). A user the server or the backend refuses is reported as
  /// `error: [{index, message}]` and the others are imported all the same. Two users with one `localId` refuse
  /// the whole request (`DUPLICATE_LOCAL_ID : uid`) unless `allowOverwrite` (then the later one wins); with
  /// `sanityCheck`, so do two with one email (`DUPLICATE_EMAIL`, under one account per email) or one IdP
  /// account (`DUPLICATE_RAW_ID`), as the emulator answers.
  func batchCreate(_ call: Call) throws -> JSON {
    let request = try call.decode(BatchCreateRequest.self)
    let users = request.users ?? []
    guard !users.isEmpty else { throw ServiceError.missing("USER_ACCOUNT") }
    guard users.count <= Self.importLimit else {
      throw ServiceError.invalidArgument("at most \(Self.importLimit) users may be imported at once")
    }
    try checkDuplicates(users, request)
    var problems: [(index: Int, message: String)] = []
    var accepted: [(index: Int, account: ImportedAccount)] = []
    for (index, user) in users.enumerated() {
      do throws(ImportProblem) {
        accepted.append((index, try importedAccount(user)))
      } catch {
        problems.append((index, error.message))
      }
    }
    let refused = world.importAccounts(accepted.map(\.account), sanityCheck: request.sanityCheck == true)
    for (position, problem) in refused {
      problems.append((accepted[position].index, ImportProblem.backend(problem).message))
    }
    let errors = problems.sorted { $0.index < $1.index }.map { problem -> JSON in
      ["index": .int(Int64(problem.index)), "message": .string(problem.message)]
    }
    return ["kind": "identitytoolkit#UploadAccountResponse", "error": .array(errors)]
  }

  /// The checks across users that refuse the whole request.
  private func checkDuplicates(_ users: [ImportUser], _ request: BatchCreateRequest) throws(ServiceError) {
    if request.allowOverwrite != true {
      var seen: Set<String> = []
      for uid in users.compactMap(\.localId) where !seen.insert(uid).inserted {
        throw ServiceError("DUPLICATE_LOCAL_ID : \(uid)")
      }
    }
    guard request.sanityCheck == true else { return }
    if world.settings.oneAccountPerEmail {
      var emails: Set<String> = []
      for email in users.compactMap(\.email) where !emails.insert(email.lowercased()).inserted {
        throw ServiceError("DUPLICATE_EMAIL : \(email)")
      }
    }
    var identities: Set<String> = []
    for info in users.flatMap({ $0.providerUserInfo ?? [] }) {
      let federated = info.federatedId.flatMap(Self.subject(ofFederatedId:))
      guard let provider = info.providerId, let rawId = info.rawId ?? federated else { continue }
      guard identities.insert("\(provider)\u{0}\(rawId)").inserted else {
        throw ServiceError("DUPLICATE_RAW_ID : Provider id(\(provider)), Raw id(\(rawId))")
      }
    }
  }

  /// One user of the request as the backend imports it, or why it cannot be.
  private func importedAccount(_ user: ImportUser) throws(ImportProblem) -> ImportedAccount {
    guard let uid = user.localId, !uid.isEmpty else { throw .missingLocalId }
    // A user of another tenant than the request's is not imported here.
    if let tenant = user.tenantId, !tenant.isEmpty, tenant != tenantID { throw .tenantMismatch }
    var account = ImportedAccount(uid: uid)
    account.email = user.email.flatMap { $0.isEmpty ? nil : $0 }
    account.emailVerified = user.emailVerified ?? false
    account.displayName = user.displayName
    account.photoURL = user.photoUrl
    account.phoneNumber = user.phoneNumber.flatMap { $0.isEmpty ? nil : $0 }
    account.disabled = user.disabled ?? false
    if let attributes = user.customAttributes {
      do {
        account.claims = try CustomClaims.parse(attributes)
      } catch {
        throw .claims(error)
      }
    }
    account.password = try Self.importedPassword(user)
    for info in user.providerUserInfo ?? [] {
      // The password and the phone number are the account's own fields, not linked providers.
      if info.providerId == ProviderID.password.rawValue || info.providerId == ProviderID.phone.rawValue {
        continue
      }
      account.links.append(try Self.importedLink(info))
    }
    account.secondFactors = try (user.mfaInfo ?? []).map(Self.importedFactor)
    account.createdAt = user.createdAt.flatMap(Self.time(milliseconds:))
    account.lastSignInAt = user.lastLoginAt.flatMap(Self.time(milliseconds:))
    return account
  }

  /// One `providerUserInfo` entry as a linked IdP account: `providerId` and `rawId` (the IdP's subject), the
  /// email if the IdP gave one (an account without, as a GitHub user with a private email, is imported without),
  /// and the name and photo the entry gives.
  /// Without `rawId`, a `federatedId` stands for it: a URL's last path segment (Google's
  /// `https://accounts.google.com/SUB`, as `signInWithIdp` answers it, or `http://facebook.com/ID`), or the id as
  /// it is. The provider cannot be read from a `federatedId` alone, so an entry without `providerId` is refused
  /// (the emulator refuses every `federatedId`).
  private static func importedLink(_ info: ProviderUserInfoBody) throws(ImportProblem) -> LinkedAccount {
    let rawId = info.rawId.flatMap { $0.isEmpty ? nil : $0 }
    let federatedId = info.federatedId.flatMap { $0.isEmpty ? nil : $0 }
    guard let provider = info.providerId.flatMap({ $0.isEmpty ? nil : $0.lowercased() }) else {
      throw federatedId == nil ? .incompleteProvider : .federatedIdWithoutProvider
    }
    guard let subject = rawId ?? federatedId.flatMap(subject(ofFederatedId:)) else {
      throw federatedId == nil ? .incompleteProvider : .unreadableFederatedId
    }
    return LinkedAccount(
      provider: ProviderID(rawValue: provider), subject: subject,
      email: info.email.flatMap { $0.isEmpty ? nil : $0.lowercased() },
      displayName: info.displayName.flatMap { $0.isEmpty ? nil : $0 },
      photoURL: info.photoUrl.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// The IdP subject a `federatedId` names: the last path segment of a URL with one (`scheme://host/SUBJECT`),
  /// or the id itself when it is not a URL; nil for a URL without exactly one path segment.
  static func subject(ofFederatedId federatedId: String) -> String? {
    guard let scheme = federatedId.range(of: "://") else { return federatedId }
    let path = federatedId[scheme.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
    guard path.count == 2, !path[0].isEmpty, !path[1].isEmpty else { return nil }
    return String(path[1])
  }

  /// One `mfaInfo` entry as a phone factor: it needs `phoneInfo` (a TOTP factor's secret cannot be imported, so
  /// `totpInfo` is refused with the emulator's "Second factor not supported."); the number itself, the email
  /// and the ids are the backend's checks.
  private static func importedFactor(_ input: ImportUser.MFAInfo) throws(ImportProblem) -> AdminSecondFactor {
    guard let number = input.phoneInfo, !number.isEmpty else { throw .unsupportedSecondFactor }
    var enrolledAt: VirtualTime?
    if let text = input.enrolledAt, !text.isEmpty {
      guard let time = VirtualTime(parsing: text) else { throw .invalidEnrolledAt }
      enrolledAt = time
    }
    return AdminSecondFactor(
      enrollmentID: input.mfaEnrollmentId.flatMap { $0.isEmpty ? nil : $0 }, phoneNumber: number,
      displayName: input.displayName, enrolledAt: enrolledAt)
  }

  /// `createdAt` and `lastLoginAt`: milliseconds since 1970, as a string or a number.
  private static func time(milliseconds: Flexible) -> VirtualTime? {
    Int64(milliseconds.text).map { VirtualTime(secondsSince1970: $0 / 1000) }
  }

  /// The password of an imported user, when the server can check it: `rawPassword`, or a `passwordHash` in the
  /// emulator's form `fakeHash:salt=SALT:password=PASSWORD` (as it is, or base64 as the Admin SDKs encode the
  /// bytes they are given), whose salt must be the user's `salt` if it has one. Any other hash (a real SCRYPT,
  /// BCRYPT, HMAC… hash) cannot be checked without the password, so that user is refused rather than imported
  /// with a password that would never match.
  static func importedPassword(_ user: ImportUser) throws(ImportProblem) -> String? {
    if let raw = user.rawPassword, !raw.isEmpty { return raw }
    guard let hash = user.passwordHash, !hash.isEmpty else { return nil }
    let marker = "fakeHash:salt="
    let text = hash.hasPrefix(marker) ? hash : decodeBase64(hash) ?? ""
    guard text.hasPrefix(marker), let split = text.range(of: ":password=") else { throw .uncheckableHash }
    let salt = String(text[text.index(text.startIndex, offsetBy: marker.count)..<split.lowerBound])
    if let given = user.salt, !given.isEmpty, given != salt, decodeBase64(given) != salt {
      throw .saltMismatch
    }
    return String(text[split.upperBound...])
  }

  /// Base64 text (standard or URL-safe, padded or not) decoded to UTF-8 text.
  private static func decodeBase64(_ text: String) -> String? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    guard let data = Data(base64Encoded: standard) else { return nil }
    return String(data: data, encoding: .utf8)
  }
}

/// Why one user of a `batchCreate` is not imported; `message` is what `error[].message` says.
enum ImportProblem: Error, Equatable {
  case missingLocalId
  case claims(ServiceError)
  case incompleteProvider
  case federatedIdWithoutProvider
  case unreadableFederatedId
  case uncheckableHash
  case saltMismatch
  case unsupportedSecondFactor
  case invalidEnrolledAt
  case tenantMismatch
  case backend(ImportedAccount.Problem)

  /// The messages the emulator gives (production's friendlier ones for claims); authflow's own where the
  /// emulator has none.
  var message: String {
    switch self {
    case .missingLocalId: "localId is missing"
    case .claims(let error):
      switch error.message {
      case "CLAIMS_TOO_LARGE": "Custom claims provided are too large."
      case let message where message.hasPrefix("FORBIDDEN_CLAIM"):
        "Custom claims provided include a reserved claim."
      default: "Invalid custom claims provided."
      }
    case .incompleteProvider: "federatedId or (providerId & rawId) is required"
    case .uncheckableHash:
      "authflow checks only a rawPassword or a passwordHash of the form fakeHash:salt=SALT:password=PASSWORD"
    case .saltMismatch: "the salt of the fakeHash passwordHash is not the user's salt"
    case .federatedIdWithoutProvider:
      "authflow cannot tell the provider from a federatedId: give providerId (and rawId) with it"
    case .unreadableFederatedId:
      "authflow reads a federatedId as an IdP id or a URL ending in one (https://accounts.google.com/ID): give rawId"
    case .unsupportedSecondFactor: "Second factor not supported."
    case .invalidEnrolledAt: "enrolledAt is not an RFC 3339 timestamp"
    case .tenantMismatch: "Tenant id in userInfo does not match the tenant id in request."
    case .backend(.invalidEmail): "email is invalid"
    case .backend(.invalidPhoneNumber): "phone number format is invalid"
    case .backend(.emailExists): "email exists in other account in database"
    case .backend(.rawIDExists): "raw id exists in other account in database"
    case .backend(.secondFactorWithoutEmail): "Second factor account requires email to be presented."
    case .backend(.secondFactorWithUnverifiedEmail): "Second factor account requires email to be verified."
    case .backend(.duplicateEnrollmentID): "Enrollment id already exists."
    case .backend(.invalidSecondFactorPhoneNumber): "Phone number format is invalid"
    }
  }
}

/// `accounts:batchCreate`'s body.
struct BatchCreateRequest: Decodable {
  var users: [ImportUser]?
  /// Named by the Admin SDKs for any password hash; the server reads only the emulator's `fakeHash` form.
  var hashAlgorithm: String?
  var sanityCheck: Bool?
  var allowOverwrite: Bool?
}

/// One user of `accounts:batchCreate` (Identity Toolkit's `UserInfo`).
struct ImportUser: Decodable {
  var localId: String?
  var tenantId: String?
  var email: String?
  var emailVerified: Bool?
  var displayName: String?
  var photoUrl: String?
  var phoneNumber: String?
  var disabled: Bool?
  var customAttributes: String?
  var providerUserInfo: [ProviderUserInfoBody]?
  var createdAt: Flexible?
  var lastLoginAt: Flexible?
  /// Base64 bytes (the Admin SDKs), or the emulator's `fakeHash:…` text as it is.
  var passwordHash: String?
  var salt: String?
  var rawPassword: String?
  var mfaInfo: [MFAInfo]?

  /// One `mfaInfo` entry (Identity Toolkit's `MfaEnrollment`): a phone factor has `phoneInfo`; a TOTP factor
  /// has `totpInfo`, which cannot be imported.
  struct MFAInfo: Decodable {
    var mfaEnrollmentId: String?
    var displayName: String?
    var phoneInfo: String?
    /// RFC 3339.
    var enrolledAt: String?
  }
}
