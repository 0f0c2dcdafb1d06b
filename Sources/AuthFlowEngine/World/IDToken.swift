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

/// The second factor a session proved: which enrolment, and of which kind.
public struct ProvedFactor: Equatable, Sendable {
  /// The enrolment's id (`second_factor_identifier`).
  public var id: String
  /// `phone` or `totp` (`sign_in_second_factor`).
  public var kind: SecondFactor.Kind
}
