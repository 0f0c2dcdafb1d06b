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
  /// Issue order across the backend; revocation compares against it.
  var generation: Int
  /// Mint order of ID tokens across the backend (a refresh mints a new one), for invariants.
  var serial: Int

  init(
    value: String, uid: String, authTime: VirtualTime, issuedAt: VirtualTime, expiresAt: VirtualTime,
    signInProvider: ProviderID?, claims: [String: ClaimValue] = [:], generation: Int, serial: Int
  ) {
    self.value = value
    self.uid = uid
    self.authTime = authTime
    self.issuedAt = issuedAt
    self.expiresAt = expiresAt
    self.signInProvider = signInProvider
    self.claims = claims
    self.generation = generation
    self.serial = serial
  }
}
