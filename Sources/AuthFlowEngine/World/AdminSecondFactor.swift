import AuthFlowLanguage

/// A phone second factor as the Admin SDK sets it (`updateUser`'s `mfa.enrollments[]`, `createUser`'s
/// `mfaInfo[]`) or imports it (`importUsers`' `mfaInfo[]`, in an ``ImportedAccount``).
public struct AdminSecondFactor: Equatable, Sendable {
  /// `mfaEnrollmentId`: an existing factor's id to keep it, or nil for a new factor.
  public var enrollmentID: String?
  /// `phoneInfo`: the number, E.164.
  public var phoneNumber: String
  /// `displayName`, if any.
  public var displayName: String?
  /// `enrolledAt`, if given; nil means now.
  public var enrolledAt: VirtualTime?

  /// A factor with these fields.
  public init(
    enrollmentID: String? = nil, phoneNumber: String, displayName: String? = nil,
    enrolledAt: VirtualTime? = nil
  ) {
    self.enrollmentID = enrollmentID
    self.phoneNumber = phoneNumber
    self.displayName = displayName
    self.enrolledAt = enrolledAt
  }
}
