/// A sign-in method as Firebase names it: `password` or an identity provider's id such as `google.com`.
public struct ProviderID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The provider's id as Firebase writes it: `password`, `google.com`.
  public var rawValue: String
  /// A provider id as given, unchecked.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Email and password.
  public static let password = ProviderID(rawValue: "password")
  /// Google (`google.com`).
  public static let google = ProviderID(rawValue: "google.com")
  /// Apple (`apple.com`).
  public static let apple = ProviderID(rawValue: "apple.com")
  /// Twitter (`twitter.com`).
  public static let twitter = ProviderID(rawValue: "twitter.com")
  /// Facebook (`facebook.com`).
  public static let facebook = ProviderID(rawValue: "facebook.com")
  /// GitHub (`github.com`).
  public static let github = ProviderID(rawValue: "github.com")

  /// A phone number, verified by an SMS code (`phone`).
  public static let phone = ProviderID(rawValue: "phone")

  /// An anonymous (guest) session's sign-in method, as ID tokens name it (`firebase.sign_in_provider`); never
  /// one of an account's providers.
  public static let anonymous = ProviderID(rawValue: "anonymous")
  /// How a session started by a custom token signed in (`firebase.sign_in_provider: custom`); not a provider
  /// an account links.
  public static let custom = ProviderID(rawValue: "custom")
  /// Email-link sign-in as `fetchSignInMethods` names it (the provider is still `password`).
  public static let emailLink = ProviderID(rawValue: "emailLink")

  /// The identity providers the world fakes, in the order the docs list them.
  public static let identityProviders: [ProviderID] = [.google, .apple, .twitter, .facebook, .github]
  /// Every provider id an expectation may name.
  public static let all: [ProviderID] = [.password] + identityProviders

  /// Whether the provider's accounts report a verified email when a scenario does not say (SPEC 5.4).
  public var verifiesEmailByDefault: Bool {
    switch self {
    case .google, .apple, .github: true
    default: false
    }
  }

  /// The id as written: `google.com`.
  public var description: String { rawValue }
  /// Orders providers by id, so lists of them print the same every run.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
