/// The ids of the sign-in providers, as FirebaseAuth 11 names them.
public struct AuthProviderID: Equatable, Sendable {
  /// `password`, `google.com`, …
  public let rawValue: String

  private init(rawValue: String) { self.rawValue = rawValue }

  /// Sign in with Apple, `apple.com`.
  public static var apple: Self { Self(rawValue: "apple.com") }
  /// Email and password, `password`.
  public static var email: Self { Self(rawValue: "password") }
  /// Facebook Login, `facebook.com`.
  public static var facebook: Self { Self(rawValue: "facebook.com") }
  /// Game Center, `gc.apple.com` (not modelled by the world).
  public static var gameCenter: Self { Self(rawValue: "gc.apple.com") }
  /// GitHub, `github.com`.
  public static var gitHub: Self { Self(rawValue: "github.com") }
  /// Google Sign-In, `google.com`.
  public static var google: Self { Self(rawValue: "google.com") }
  /// Phone numbers, `phone` (``PhoneAuthProvider``).
  public static var phone: Self { Self(rawValue: "phone") }
  /// Any other provider id, such as `twitter.com` or `oidc.acme`.
  public static func custom(_ value: String) -> Self { Self(rawValue: value) }
}
