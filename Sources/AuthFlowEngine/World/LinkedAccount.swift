import AuthFlowLanguage

/// An identity-provider account linked to an account, with what the provider said about it: one
/// `providerUserInfo` entry of `lookup`. The account keeps its own profile (display name, photo) apart from
/// each link's, as production and the emulator do.
public struct LinkedAccount: Equatable, Sendable {
  /// The identity provider.
  public var provider: ProviderID
  /// The IdP's own id for the account (`rawId`).
  public var subject: String
  /// The email the provider gave; nil when it gave none.
  public var email: String?
  /// The account's name at the provider (`displayName`), if it gave one.
  public var displayName: String?
  /// The account's photo at the provider (`photoUrl`), if it gave one.
  public var photoURL: String?
  /// The `federatedId` the service reports for the link: the subject for a link a sign-in, an import or a
  /// `given` made; what the Admin call said (often nothing) for one it wrote with `linkProviderUserInfo`.
  public var federatedID: String?

  /// An identity-provider account: `provider`'s account `subject`, with the email, name and photo it gave.
  /// `federatedID` is the subject unless said otherwise.
  public init(
    provider: ProviderID, subject: String, email: String?, displayName: String? = nil,
    photoURL: String? = nil,
    federatedID: String?? = nil
  ) {
    self.provider = provider
    self.subject = subject
    self.email = email
    self.displayName = displayName
    self.photoURL = photoURL
    self.federatedID = federatedID ?? subject
  }

  /// The link an IdP sign-in makes: the IdP account's subject, email, name and photo.
  init(_ idp: IdentityProviders.Account) {
    self.init(
      provider: idp.provider, subject: idp.subject, email: idp.email, displayName: idp.name,
      photoURL: idp.photoURL)
  }

  /// Whether this is the link to `provider`'s account `subject`.
  func names(_ provider: ProviderID, _ subject: String) -> Bool {
    self.provider == provider && self.subject == subject
  }
}
