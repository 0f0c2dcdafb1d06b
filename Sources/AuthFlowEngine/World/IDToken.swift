import AuthFlowLanguage

/// An ID token: who, when they last signed in, and until when it is valid.
public struct IDToken: Equatable, Sendable {
  /// The token's text, as a client sends it back.
  public var value: String
  /// The id of the account it was minted for.
  public var uid: String
  /// When the user last proved who they are (sign-in or re-authentication); recent login is measured from here.
  public var authTime: VirtualTime
  /// When it was minted.
  public var issuedAt: VirtualTime
  /// When it stops being accepted (`idTokenTTL` after `issuedAt`).
  public var expiresAt: VirtualTime
  /// How the session was started (`firebase.sign_in_provider`): `password` or an IdP; nil when unknown.
  public var signInProvider: ProviderID?
  /// Custom claims as they were when it was minted: the session's custom-token claims, then the account's
  /// custom claims (which win on a clash). A token minted before `set_claims` does not have the new ones.
  public var claims: [String: ClaimValue] = [:]
  /// What it says of the user, as the account was when it was minted: a token minted before the email was
  /// verified says `email_verified: false` until a new one is minted, whatever a reload since says.
  public var profile = TokenProfile.empty
  /// The second factor the session proved, at a multi-factor sign-in or an enrolment
  /// (`firebase.sign_in_second_factor` and `second_factor_identifier`); nil for a first-factor session. A
  /// refreshed token keeps it.
  public var secondFactor: ProvedFactor?
  /// Issue order across the backend; revocation compares against it.
  var generation: Int
  /// Mint order of ID tokens across the backend (a refresh mints a new one), for invariants.
  var serial: Int

  init(
    value: String, uid: String, authTime: VirtualTime, issuedAt: VirtualTime, expiresAt: VirtualTime,
    signInProvider: ProviderID?, claims: [String: ClaimValue] = [:], profile: TokenProfile = .empty,
    secondFactor: ProvedFactor? = nil, generation: Int, serial: Int
  ) {
    self.profile = profile
    self.value = value
    self.uid = uid
    self.authTime = authTime
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
    self.signInProvider = signInProvider
    self.claims = claims
    self.secondFactor = secondFactor
    self.generation = generation
    self.serial = serial
  }
}

/// The user as an ID token describes them (its `email`, `email_verified`, `name`, `picture`, `phone_number` and
/// `firebase.identities` claims), fixed when the token is minted. A class, so that a token, which is copied
/// wherever a session goes, carries one reference for all of it.
public final class TokenProfile: Equatable, Sendable {
  /// The account's email (`email`), if it has one.
  public let email: String?
  /// Whether the email was verified (`email_verified`).
  public let emailVerified: Bool
  /// The display name (`name`).
  public let name: String?
  /// The photo URL (`picture`).
  public let picture: String?
  /// The verified phone number (`phone_number`), if any.
  public let phoneNumber: String?
  /// The account's linked accounts, kept whole: copying them costs less than reshaping them at every mint.
  private let linked: [LinkedAccount]

  /// The profile of a token minted for no account: nothing in it.
  public static let empty = TokenProfile(account: nil)

  /// What `account` says now; the empty profile for none. Read in place (`__shared`): an account is copied field
  /// by field, not whole, at every mint.
  init(account: __shared Account?) {
    email = account?.email
    emailVerified = account?.emailVerified ?? false
    name = account?.displayName
    picture = account?.photoURL
    phoneNumber = account?.phoneNumber
    linked = account?.links ?? []
  }

  /// Whether two profiles say the same of the user.
  public static func == (lhs: TokenProfile, rhs: TokenProfile) -> Bool {
    lhs === rhs
      || (lhs.email, lhs.emailVerified, lhs.name, lhs.picture, lhs.phoneNumber)
        == (rhs.email, rhs.emailVerified, rhs.name, rhs.picture, rhs.phoneNumber) && lhs.linked == rhs.linked
  }

  /// `firebase.identities`: the ids of each identity by provider (`email`, `phone`, `google.com`, …).
  public var identities: [String: [String]] {
    var identities: [String: [String]] = [:]
    if let email { identities["email"] = [email] }
    if let phoneNumber { identities["phone"] = [phoneNumber] }
    for link in linked { identities[link.provider.rawValue, default: []].append(link.subject) }
    return identities
  }
}

/// The second factor a session proved: which enrolment, and of which kind.
public struct ProvedFactor: Equatable, Sendable {
  /// The enrolment's id (`second_factor_identifier`).
  public var id: String
  /// `phone` or `totp` (`sign_in_second_factor`).
  public var kind: SecondFactor.Kind
}
