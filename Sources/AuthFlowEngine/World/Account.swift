import AuthFlowLanguage

/// One account as the backend stores it.
package struct Account {
  var uid: String
  /// Stored lowercased (production compares emails case-insensitively).
  package var email: String?
  package var password: String?
  var emailVerified: Bool
  var displayName: String?
  /// Linked identity-provider accounts, in the order they were linked.
  var links: [ProviderLink]
  var disabled: Bool
  /// Sessions issued before this generation are revoked (Firebase's `validSince`).
  var validSinceGeneration: Int
  var createdAt: VirtualTime
  /// The profile photo's URL (`photoUrl`), set only through a profile update.
  var photoURL: String? = nil
  /// When a session was last started by a sign-in (`lastLoginAt`); nil until the first one.
  var lastSignInAt: VirtualTime? = nil
  /// Made by an anonymous sign-in and not yet upgraded by linking a credential.
  var anonymous = false

  /// Sign-in methods as `createAuthUri` and the client's `providerData` report them.
  var providers: [ProviderID] {
    var list: [ProviderID] = password == nil ? [] : [.password]
    list += links.map(\.provider)
    return list.sorted()
  }

  func link(for provider: ProviderID) -> ProviderLink? { links.first { $0.provider == provider } }

  var info: AccountInfo {
    AccountInfo(
      uid: uid, email: email, emailVerified: emailVerified, displayName: displayName, providers: providers,
      disabled: disabled, photoURL: photoURL, createdAt: createdAt, lastSignInAt: lastSignInAt,
      linkedAccounts: links.map {
        LinkedAccount(provider: $0.provider, subject: $0.subject, email: $0.email)
      },
      isAnonymous: anonymous
    )
  }
}

/// An identity-provider account linked to an authflow account.
struct ProviderLink: Equatable {
  var provider: ProviderID
  /// The IdP's own id for the account.
  var subject: String
  var email: String
}

/// An identity-provider account linked to an account, as `lookup` reports it (`providerUserInfo`).
public struct LinkedAccount: Equatable, Sendable {
  /// The identity provider.
  public var provider: ProviderID
  /// The IdP's own id for the account (`rawId`).
  public var subject: String
  /// The email the provider gave.
  public var email: String
}

/// What `lookup` returns about an account: the user as a client caches it.
public struct AccountInfo: Equatable, Sendable {
  /// The account's id.
  public var uid: String
  /// The account's email, if any.
  public var email: String?
  /// Whether the email is verified.
  public var emailVerified: Bool
  /// The display name, if any.
  public var displayName: String?
  /// The account's sign-in methods.
  public var providers: [ProviderID]
  /// Whether the account is disabled.
  public var disabled: Bool
  /// The photo URL, if any.
  public var photoURL: String?
  /// When the account was created, in virtual time.
  public var createdAt: VirtualTime
  /// When the user last signed in, if ever.
  public var lastSignInAt: VirtualTime?
  /// The linked identity-provider accounts, in the order they were linked.
  public var linkedAccounts: [LinkedAccount]
  /// Whether it is a guest: made by an anonymous sign-in, no credential linked yet.
  public var isAnonymous = false
}

/// A session's tokens as the backend hands them to a client.
public struct SessionTokens: Equatable, Sendable {
  /// The short-lived token that proves who the user is.
  public var idToken: IDToken
  /// The token that mints new ID tokens until the session is revoked.
  public var refreshToken: String
}

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
  /// Issue order across the backend; revocation compares against it.
  var generation: Int
  /// Mint order of ID tokens across the backend (a refresh mints a new one), for invariants.
  var serial: Int
}
