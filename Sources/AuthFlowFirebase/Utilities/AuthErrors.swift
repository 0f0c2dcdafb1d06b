import Foundation

/// The error domain and the `userInfo` keys of FirebaseAuth's errors.
open class AuthErrors: NSObject {
  /// `FIRAuthErrorDomain`: the domain of every error the API throws.
  public static let domain: String = "FIRAuthErrorDomain"

  /// The key of the code's name (`ERROR_WRONG_PASSWORD`, …).
  public static let userInfoNameKey: String = "FIRAuthErrorUserInfoNameKey"

  /// The key of the email that already has an account, for `accountExistsWithDifferentCredential`,
  /// `credentialAlreadyInUse` and `emailAlreadyInUse`.
  public static let userInfoEmailKey: String = "FIRAuthErrorUserInfoEmailKey"

  /// The key of the credential to link once the user signed in another way (an ``OAuthCredential``).
  public static let userInfoUpdatedCredentialKey: String = "FIRAuthErrorUserInfoUpdatedCredentialKey"

  /// The key of the ``MultiFactorResolver`` of a `secondFactorRequired` error.
  public static let userInfoMultiFactorResolverKey: String = "FIRAuthErrorUserInfoMultiFactorResolverKey"
}

// The SDK's Objective-C era names, spelled as app code uses them.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``AuthErrors/domain`` under its Objective-C era name.
public let AuthErrorDomain: String = AuthErrors.domain
// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``AuthErrors/userInfoNameKey`` under its Objective-C era name.
public let AuthErrorUserInfoNameKey: String = AuthErrors.userInfoNameKey
// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``AuthErrors/userInfoEmailKey`` under its Objective-C era name.
public let AuthErrorUserInfoEmailKey: String = AuthErrors.userInfoEmailKey
// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``AuthErrors/userInfoUpdatedCredentialKey`` under its Objective-C era name.
public let AuthErrorUserInfoUpdatedCredentialKey: String = AuthErrors.userInfoUpdatedCredentialKey
// swift-format-ignore: AlwaysUseLowerCamelCase
/// ``AuthErrors/userInfoMultiFactorResolverKey`` under its Objective-C era name.
public let AuthErrorUserInfoMultiFactorResolverKey: String = AuthErrors.userInfoMultiFactorResolverKey
