// FirebaseAuth brings Foundation with it (its headers import it), so app code whose only import is
// `import FirebaseAuth` uses `NSError`, `URL` and `UserDefaults`: this module does the same.
@_exported import Foundation

/// The SDK's module name as a namespace, so app code that qualifies a type with it compiles unchanged.
///
/// Apps that have a `User` model of their own write `FirebaseAuth.User` for the SDK's; with
/// `import FirebaseAuth` changed to `import AuthFlowFirebase`, that spelling finds this namespace, whose members
/// are this module's types. Every type the module shares with FirebaseAuth is here (a test checks it).
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
}
