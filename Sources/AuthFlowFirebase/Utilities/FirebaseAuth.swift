// FirebaseAuth brings Foundation with it (its headers import it), so app code whose only import is
// `import FirebaseAuth` uses `NSError`, `URL` and `UserDefaults`: this module does the same.
@_exported import Foundation

// Not FoundationNetworking (`URLRequest`, `URLSession` on Linux): linking it loads libcurl and its libraries into
// every process of a team's command, about 12 ms at each start (Docs/FirebaseAPI.md says what app code adds).

/// The SDK's module name as a namespace, so app code that qualifies a type with it compiles unchanged.
///
/// Apps that have a `User` model of their own write `FirebaseAuth.User` for the SDK's; with
/// `import FirebaseAuth` changed to `import AuthFlowFirebase`, that spelling finds this namespace, whose members
/// are this module's types. Every type the module shares with FirebaseAuth is here, and every constant
/// (`FirebaseAuth.AuthErrorDomain`, `FirebaseAuth.EmailAuthProviderID`), as the SDK's re-exported Objective-C
/// headers make them (a test checks both).
public enum FirebaseAuth {
  /// ``AuthFlowFirebase/ActionCodeInfo``.
  public typealias ActionCodeInfo = AuthFlowFirebase.ActionCodeInfo
  /// ``AuthFlowFirebase/ActionCodeOperation``.
  public typealias ActionCodeOperation = AuthFlowFirebase.ActionCodeOperation
  /// ``AuthFlowFirebase/ActionCodeSettings``.
  public typealias ActionCodeSettings = AuthFlowFirebase.ActionCodeSettings
  /// ``AuthFlowFirebase/ActionCodeURL``.
  public typealias ActionCodeURL = AuthFlowFirebase.ActionCodeURL
  /// ``AuthFlowFirebase/AdditionalUserInfo``.
  public typealias AdditionalUserInfo = AuthFlowFirebase.AdditionalUserInfo
  /// ``AuthFlowFirebase/Auth``.
  public typealias Auth = AuthFlowFirebase.Auth
  /// ``AuthFlowFirebase/AuthAPNSTokenType``.
  public typealias AuthAPNSTokenType = AuthFlowFirebase.AuthAPNSTokenType
  /// ``AuthFlowFirebase/AuthCredential``.
  public typealias AuthCredential = AuthFlowFirebase.AuthCredential
  /// ``AuthFlowFirebase/AuthDataResult``.
  public typealias AuthDataResult = AuthFlowFirebase.AuthDataResult
  /// ``AuthFlowFirebase/AuthErrorCode``.
  public typealias AuthErrorCode = AuthFlowFirebase.AuthErrorCode
  /// ``AuthFlowFirebase/AuthErrors``.
  public typealias AuthErrors = AuthFlowFirebase.AuthErrors
  /// ``AuthFlowFirebase/AuthProviderID``.
  public typealias AuthProviderID = AuthFlowFirebase.AuthProviderID
  /// ``AuthFlowFirebase/AuthSettings``.
  public typealias AuthSettings = AuthFlowFirebase.AuthSettings
  /// ``AuthFlowFirebase/AuthStateDidChangeListenerHandle``.
  public typealias AuthStateDidChangeListenerHandle = AuthFlowFirebase.AuthStateDidChangeListenerHandle
  /// ``AuthFlowFirebase/AuthUIDelegate``.
  public typealias AuthUIDelegate = AuthFlowFirebase.AuthUIDelegate
  /// ``AuthFlowFirebase/AuthTokenResult``.
  public typealias AuthTokenResult = AuthFlowFirebase.AuthTokenResult
  /// ``AuthFlowFirebase/EmailAuthProvider``.
  public typealias EmailAuthProvider = AuthFlowFirebase.EmailAuthProvider
  /// ``AuthFlowFirebase/FacebookAuthProvider``.
  public typealias FacebookAuthProvider = AuthFlowFirebase.FacebookAuthProvider
  /// ``AuthFlowFirebase/FederatedAuthProvider``.
  public typealias FederatedAuthProvider = AuthFlowFirebase.FederatedAuthProvider
  /// ``AuthFlowFirebase/FirebaseApp`` (FirebaseCore's, which FirebaseAuth's headers bring along).
  public typealias FirebaseApp = AuthFlowFirebase.FirebaseApp
  /// ``AuthFlowFirebase/FirebaseOptions`` (FirebaseCore's, which FirebaseAuth's headers bring along).
  public typealias FirebaseOptions = AuthFlowFirebase.FirebaseOptions
  /// ``AuthFlowFirebase/GameCenterAuthProvider``.
  public typealias GameCenterAuthProvider = AuthFlowFirebase.GameCenterAuthProvider
  /// ``AuthFlowFirebase/GitHubAuthProvider``.
  public typealias GitHubAuthProvider = AuthFlowFirebase.GitHubAuthProvider
  /// ``AuthFlowFirebase/GoogleAuthProvider``.
  public typealias GoogleAuthProvider = AuthFlowFirebase.GoogleAuthProvider
  /// ``AuthFlowFirebase/IDTokenDidChangeListenerHandle``.
  public typealias IDTokenDidChangeListenerHandle = AuthFlowFirebase.IDTokenDidChangeListenerHandle
  /// ``AuthFlowFirebase/MultiFactor``.
  public typealias MultiFactor = AuthFlowFirebase.MultiFactor
  /// ``AuthFlowFirebase/MultiFactorAssertion``.
  public typealias MultiFactorAssertion = AuthFlowFirebase.MultiFactorAssertion
  /// ``AuthFlowFirebase/MultiFactorInfo``.
  public typealias MultiFactorInfo = AuthFlowFirebase.MultiFactorInfo
  /// ``AuthFlowFirebase/MultiFactorResolver``.
  public typealias MultiFactorResolver = AuthFlowFirebase.MultiFactorResolver
  /// ``AuthFlowFirebase/MultiFactorSession``.
  public typealias MultiFactorSession = AuthFlowFirebase.MultiFactorSession
  /// ``AuthFlowFirebase/OAuthCredential``.
  public typealias OAuthCredential = AuthFlowFirebase.OAuthCredential
  /// ``AuthFlowFirebase/OAuthProvider``.
  public typealias OAuthProvider = AuthFlowFirebase.OAuthProvider
  /// ``AuthFlowFirebase/PhoneAuthCredential``.
  public typealias PhoneAuthCredential = AuthFlowFirebase.PhoneAuthCredential
  /// ``AuthFlowFirebase/PhoneAuthProvider``.
  public typealias PhoneAuthProvider = AuthFlowFirebase.PhoneAuthProvider
  /// ``AuthFlowFirebase/PhoneMultiFactorAssertion``.
  public typealias PhoneMultiFactorAssertion = AuthFlowFirebase.PhoneMultiFactorAssertion
  /// ``AuthFlowFirebase/PhoneMultiFactorGenerator``.
  public typealias PhoneMultiFactorGenerator = AuthFlowFirebase.PhoneMultiFactorGenerator
  /// ``AuthFlowFirebase/PhoneMultiFactorInfo``.
  public typealias PhoneMultiFactorInfo = AuthFlowFirebase.PhoneMultiFactorInfo
  /// ``AuthFlowFirebase/TOTPMultiFactorAssertion``.
  public typealias TOTPMultiFactorAssertion = AuthFlowFirebase.TOTPMultiFactorAssertion
  /// ``AuthFlowFirebase/TOTPMultiFactorGenerator``.
  public typealias TOTPMultiFactorGenerator = AuthFlowFirebase.TOTPMultiFactorGenerator
  /// ``AuthFlowFirebase/TOTPSecret``.
  public typealias TOTPSecret = AuthFlowFirebase.TOTPSecret
  /// ``AuthFlowFirebase/TwitterAuthProvider``.
  public typealias TwitterAuthProvider = AuthFlowFirebase.TwitterAuthProvider
  /// ``AuthFlowFirebase/User``.
  public typealias User = AuthFlowFirebase.User
  /// ``AuthFlowFirebase/UserInfo``.
  public typealias UserInfo = AuthFlowFirebase.UserInfo
  /// ``AuthFlowFirebase/UserMetadata``.
  public typealias UserMetadata = AuthFlowFirebase.UserMetadata
  /// ``AuthFlowFirebase/UserProfileChangeRequest``.
  public typealias UserProfileChangeRequest = AuthFlowFirebase.UserProfileChangeRequest

  // MARK: - Constants

  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/AuthErrorDomain``.
  public static let AuthErrorDomain: String = AuthFlowFirebase.AuthErrorDomain
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/AuthErrorUserInfoEmailKey``.
  public static let AuthErrorUserInfoEmailKey: String = AuthFlowFirebase.AuthErrorUserInfoEmailKey
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/AuthErrorUserInfoMultiFactorResolverKey``.
  public static let AuthErrorUserInfoMultiFactorResolverKey: String = AuthFlowFirebase
    .AuthErrorUserInfoMultiFactorResolverKey
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/AuthErrorUserInfoNameKey``.
  public static let AuthErrorUserInfoNameKey: String = AuthFlowFirebase.AuthErrorUserInfoNameKey
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/AuthErrorUserInfoUpdatedCredentialKey``.
  public static let AuthErrorUserInfoUpdatedCredentialKey: String = AuthFlowFirebase
    .AuthErrorUserInfoUpdatedCredentialKey
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/EmailAuthProviderID``.
  public static let EmailAuthProviderID: String = AuthFlowFirebase.EmailAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/EmailLinkAuthSignInMethod``.
  public static let EmailLinkAuthSignInMethod: String = AuthFlowFirebase.EmailLinkAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/EmailPasswordAuthSignInMethod``.
  public static let EmailPasswordAuthSignInMethod: String = AuthFlowFirebase.EmailPasswordAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/FacebookAuthProviderID``.
  public static let FacebookAuthProviderID: String = AuthFlowFirebase.FacebookAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/FacebookAuthSignInMethod``.
  public static let FacebookAuthSignInMethod: String = AuthFlowFirebase.FacebookAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/GameCenterAuthProviderID``.
  public static let GameCenterAuthProviderID: String = AuthFlowFirebase.GameCenterAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/GameCenterAuthSignInMethod``.
  public static let GameCenterAuthSignInMethod: String = AuthFlowFirebase.GameCenterAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/GitHubAuthProviderID``.
  public static let GitHubAuthProviderID: String = AuthFlowFirebase.GitHubAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/GitHubAuthSignInMethod``.
  public static let GitHubAuthSignInMethod: String = AuthFlowFirebase.GitHubAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/GoogleAuthProviderID``.
  public static let GoogleAuthProviderID: String = AuthFlowFirebase.GoogleAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/GoogleAuthSignInMethod``.
  public static let GoogleAuthSignInMethod: String = AuthFlowFirebase.GoogleAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/PhoneAuthProviderID``.
  public static let PhoneAuthProviderID: String = AuthFlowFirebase.PhoneAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/PhoneAuthSignInMethod``.
  public static let PhoneAuthSignInMethod: String = AuthFlowFirebase.PhoneAuthSignInMethod
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/PhoneMultiFactorID``.
  public static let PhoneMultiFactorID: String = AuthFlowFirebase.PhoneMultiFactorID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/TOTPMultiFactorID``.
  public static let TOTPMultiFactorID: String = AuthFlowFirebase.TOTPMultiFactorID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/TwitterAuthProviderID``.
  public static let TwitterAuthProviderID: String = AuthFlowFirebase.TwitterAuthProviderID
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``AuthFlowFirebase/TwitterAuthSignInMethod``.
  public static let TwitterAuthSignInMethod: String = AuthFlowFirebase.TwitterAuthSignInMethod
}
