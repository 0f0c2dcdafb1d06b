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
