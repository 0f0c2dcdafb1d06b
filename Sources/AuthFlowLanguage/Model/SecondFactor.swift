/// A second factor of multi-factor authentication (SPEC §9): SMS codes to a phone number, or the time-based
/// codes (TOTP) of an authenticator app.
public struct SecondFactor: Equatable, Sendable {
  /// The kind of factor: what `enroll_mfa`, `unenroll_mfa` and the `mfa` fields name.
  public enum Kind: String, CaseIterable, Sendable, Comparable {
    /// SMS codes to a phone number (`PhoneMultiFactorGenerator`).
    case phone
    /// An authenticator app's codes (`TOTPMultiFactorGenerator`, RFC 6238).
    case totp

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Which kind it is.
  public var kind: Kind
  /// The phone number (E.164) of a `phone` factor; nil for TOTP.
  public var number: String?

  /// A factor of `kind`; `number` for a phone factor.
  public init(_ kind: Kind, number: String? = nil) {
    self.kind = kind
    self.number = number
  }
}

/// The project's multi-factor settings (the `mfa` knob; Identity Platform's `mfa` config).
public struct MFASettings: Equatable, Sendable {
  /// Whether users may enroll second factors.
  public var enabled: Bool
  /// The kinds of factor users may enroll.
  public var factors: [SecondFactor.Kind]
  /// How many 30-second steps before and after the current one a TOTP code may be from. Scenarios keep
  /// production's default (``defaultTOTPWindow``); `serve` sets a tenant's `totpProviderConfig.adjacentIntervals`.
  public var totpAdjacentIntervals: Int

  /// Production's TOTP window: 5 steps either side (`adjacentIntervals`' default, Identity Platform's
  /// `TotpMfaProviderConfig`).
  public static let defaultTOTPWindow = 5

  /// Settings with MFA `enabled` for `factors`.
  public init(
    enabled: Bool = true, factors: [SecondFactor.Kind] = SecondFactor.Kind.allCases,
    totpAdjacentIntervals: Int = defaultTOTPWindow
  ) {
    self.enabled = enabled
    self.factors = factors
    self.totpAdjacentIntervals = totpAdjacentIntervals
  }
}
