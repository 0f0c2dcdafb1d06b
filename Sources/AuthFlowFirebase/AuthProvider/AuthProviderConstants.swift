import Foundation

// The provider ids and sign-in method names that FirebaseAuth's Objective-C headers declare as globals. App code
// compares `UserInfo.providerID` and the result of `fetchSignInMethods(forEmail:)` with them.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `password`, the id of ``EmailAuthProvider`` (`FIREmailAuthProviderID`).
public let EmailAuthProviderID: String = EmailAuthProvider.id
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `google.com`, the id of ``GoogleAuthProvider`` (`FIRGoogleAuthProviderID`).
public let GoogleAuthProviderID: String = GoogleAuthProvider.id
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `facebook.com`, the id of ``FacebookAuthProvider`` (`FIRFacebookAuthProviderID`).
public let FacebookAuthProviderID: String = FacebookAuthProvider.id
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `twitter.com`, the id of ``TwitterAuthProvider`` (`FIRTwitterAuthProviderID`).
public let TwitterAuthProviderID: String = TwitterAuthProvider.id
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `github.com`, the id of ``GitHubAuthProvider`` (`FIRGitHubAuthProviderID`).
public let GitHubAuthProviderID: String = GitHubAuthProvider.id
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `phone`, the id of ``PhoneAuthProvider`` (`FIRPhoneAuthProviderID`).
public let PhoneAuthProviderID: String = PhoneAuthProvider.id
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `gc.apple.com`, the id of ``GameCenterAuthProvider`` (`FIRGameCenterAuthProviderID`).
public let GameCenterAuthProviderID: String = GameCenterAuthProvider.id

// swift-format-ignore: AlwaysUseLowerCamelCase
/// `password`: an account signs in with its email and password (`FIREmailPasswordAuthSignInMethod`).
public let EmailPasswordAuthSignInMethod: String = "password"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `emailLink`: an account signs in with a link sent to its email (`FIREmailLinkAuthSignInMethod`).
public let EmailLinkAuthSignInMethod: String = "emailLink"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `google.com`: an account signs in with Google (`FIRGoogleAuthSignInMethod`).
public let GoogleAuthSignInMethod: String = "google.com"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `facebook.com`: an account signs in with Facebook (`FIRFacebookAuthSignInMethod`).
public let FacebookAuthSignInMethod: String = "facebook.com"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `twitter.com`: an account signs in with Twitter (`FIRTwitterAuthSignInMethod`).
public let TwitterAuthSignInMethod: String = "twitter.com"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `github.com`: an account signs in with GitHub (`FIRGitHubAuthSignInMethod`).
public let GitHubAuthSignInMethod: String = "github.com"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `phone`: an account signs in with its phone number (`FIRPhoneAuthSignInMethod`).
public let PhoneAuthSignInMethod: String = "phone"
// swift-format-ignore: AlwaysUseLowerCamelCase
/// `gc.apple.com`: an account signs in with Game Center (`FIRGameCenterAuthSignInMethod`).
public let GameCenterAuthSignInMethod: String = "gc.apple.com"
