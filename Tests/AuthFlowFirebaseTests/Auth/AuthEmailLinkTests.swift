import AuthFlowFirebase
import Foundation
import Testing

/// Passwordless sign-in through the SDK's API: send the link, recognise it, complete it.
@Suite struct AuthEmailLinkTests {
  private let settings: ActionCodeSettings = {
    let settings = ActionCodeSettings()
    settings.url = URL(string: "https://app.example.com/finish")
    settings.handleCodeInApp = true
    return settings
  }()

  @Test func aLinkCreatesTheAccountVerifiedAndWorksOnce() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "nia@example.com")).link
    #expect(auth.isSignIn(withEmailLink: link))
    let result = try await auth.signIn(withEmail: "nia@example.com", link: link)
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(result.user.isEmailVerified)
    #expect(result.user.providerData.map(\.providerID) == ["password"])
    try auth.signOut()
    let again = await thrownError { try await auth.signIn(withEmail: "nia@example.com", link: link) }
    #expect(again?.code == AuthErrorCode.invalidActionCode.rawValue)
  }

  /// An emailed link carries the settings' URL as its `continueUrl`, as production's does, so an app that routes
  /// by it (a cart to restore after the sign-in) reads it back with `ActionCodeURL`; so do reset and
  /// verification links sent with settings, and a link sent without has none.
  @Test func linksCarryTheContinueURLTheAppAskedFor() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    let toCart = ActionCodeSettings()
    toCart.url = URL(string: "https://app.example.com/carts/12")
    toCart.handleCodeInApp = true
    try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: toCart)
    let link = try #require(world.newestEmail(.signInLink, to: "nia@example.com")).link
    #expect(ActionCodeURL(link: link)?.continueURL == toCart.url)
    #expect(auth.isSignIn(withEmailLink: link))
    try await auth.signIn(withEmail: "nia@example.com", link: link)

    try await auth.sendPasswordReset(withEmail: "bob@example.com", actionCodeSettings: toCart)
    let reset = try #require(world.newestEmail(.passwordReset, to: "bob@example.com")).link
    #expect(ActionCodeURL(link: reset)?.continueURL == toCart.url)
    #expect(ActionCodeURL(link: reset)?.operation == .passwordReset)
    try await auth.sendPasswordReset(withEmail: "bob@example.com")
    let plain = try #require(world.newestEmail(.passwordReset, to: "bob@example.com")).link
    #expect(ActionCodeURL(link: plain)?.continueURL == nil)

    // The SDK's `ActionCodeURL` decodes the whole query before splitting it, so a continue URL with a query of
    // its own comes back cut at its first `=`, on a device as here: route by path, not by query.
    let withQuery = ActionCodeSettings()
    withQuery.url = URL(string: "https://app.example.com/finish?cart=12")
    try await auth.sendPasswordReset(withEmail: "bob@example.com", actionCodeSettings: withQuery)
    let cut = try #require(world.newestEmail(.passwordReset, to: "bob@example.com")).link
    #expect(cut.hasSuffix("&continueUrl=https%3A%2F%2Fapp.example.com%2Ffinish%3Fcart%3D12"))
    #expect(ActionCodeURL(link: cut)?.continueURL == URL(string: "https://app.example.com/finish?cart"))
  }

  @Test func theEmailMustBeTheOneTheLinkWasSentTo() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "nia@example.com")).link
    let wrong = await thrownError { try await auth.signIn(withEmail: "eve@example.com", link: link) }
    #expect(wrong?.code == AuthErrorCode.invalidEmail.rawValue)
    #expect(auth.currentUser == nil)
    let user = try await auth.signIn(withEmail: "Nia@Example.com", link: link).user
    #expect(user.email == "nia@example.com")
  }

  @Test func aLinkExpiresAfterSixHours() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "nia@example.com")).link
    world.advance(by: .minutes(6 * 60 + 1))
    let expired = await thrownError { try await auth.signIn(withEmail: "nia@example.com", link: link) }
    #expect(expired?.code == AuthErrorCode.expiredActionCode.rawValue)
  }

  @Test func anExistingVerifiedAccountSignsInAndKeepsItsPassword() async throws {
    let world = FirebaseWorld(
      accounts: [.init(email: "bob@example.com", password: "Str0ng-pass", emailVerified: true)])
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "bob@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "bob@example.com")).link
    let result = try await auth.signIn(withEmail: "bob@example.com", link: link)
    #expect(result.additionalUserInfo?.isNewUser == false)
    try auth.signOut()
    _ = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass")
  }

  @Test func aGuestLinksAnEmailLinkAndKeepsItsUID() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    try await auth.sendSignInLink(toEmail: "gus@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "gus@example.com")).link
    let credential = EmailAuthProvider.credential(withEmail: "gus@example.com", link: link)
    let result = try await guest.link(with: credential)
    #expect(result.user.uid == guest.uid)
    #expect(!result.user.isAnonymous)
    #expect(result.user.email == "gus@example.com" && result.user.isEmailVerified)
    #expect(result.additionalUserInfo == nil, "the SDK gives none for an email credential's link")
    // The user has `password` now: the SDK refuses a second one on the device, before the link is looked at.
    let again = await thrownError { try await result.user.link(with: credential) }
    #expect(again?.code == AuthErrorCode.providerAlreadyLinked.rawValue)
  }

  /// Firebase's guide re-authenticates an email-link user with a fresh link: it works as a sign-in, using the
  /// link up; another address's link is `userMismatch`.
  @Test func anEmailLinkReauthenticatesItsOwnUser() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "lin@example.com", actionCodeSettings: settings)
    let first = try #require(world.newestEmail(.signInLink, to: "lin@example.com")).link
    let user = try await auth.signIn(withEmail: "lin@example.com", link: first).user
    world.advance(by: .minutes(6))
    #expect(await thrownError { try await user.delete() }?.code == AuthErrorCode.requiresRecentLogin.rawValue)
    try await auth.sendSignInLink(toEmail: "lin@example.com", actionCodeSettings: settings)
    let fresh = try #require(world.newestEmail(.signInLink, to: "lin@example.com")).link
    let proof = EmailAuthProvider.credential(withEmail: "lin@example.com", link: fresh)
    let result = try await user.reauthenticate(with: proof)
    #expect(result.user.uid == user.uid)
    let reused = await thrownError { try await user.reauthenticate(with: proof) }
    #expect(reused?.code == AuthErrorCode.invalidActionCode.rawValue)
    try await auth.sendSignInLink(toEmail: "bob@example.com", actionCodeSettings: settings)
    let bobs = try #require(world.newestEmail(.signInLink, to: "bob@example.com")).link
    let mismatch = await thrownError {
      try await user.reauthenticate(
        with: EmailAuthProvider.credential(withEmail: "bob@example.com", link: bobs))
    }
    #expect(mismatch?.code == AuthErrorCode.userMismatch.rawValue)
    #expect(auth.currentUser === user)
    try await user.delete()
    #expect(world.account(email: "lin@example.com") == nil)
  }

  /// A password user who links an email link of their own address already has `password`: the SDK refuses it
  /// on the device, and the link still signs in.
  @Test func aPasswordUserCannotLinkAnEmailLinkAndTheLinkStaysUnused() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    let user = try await auth.signIn(withEmail: "bob@example.com", password: "Str0ng-pass").user
    try await auth.sendSignInLink(toEmail: "bob@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "bob@example.com")).link
    let error = await thrownError {
      try await user.link(with: EmailAuthProvider.credential(withEmail: "bob@example.com", link: link))
    }
    #expect(error?.code == AuthErrorCode.providerAlreadyLinked.rawValue)
    try auth.signOut()
    #expect(try await auth.signIn(withEmail: "bob@example.com", link: link).user.uid == user.uid)
  }

  /// Production answers `checkActionCode` of a sign-in link's code without the email, and FirebaseAuth stops
  /// the app there: here it is `internalError`, saying so, and the link still signs in.
  @Test func checkingASignInLinksCodeIsAnInternalErrorSayingWhy() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "lin@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "lin@example.com")).link
    let code = try #require(ActionCodeURL(link: link)?.code)
    let checked = await thrownError { _ = try await auth.checkActionCode(code) }
    #expect(checked?.code == AuthErrorCode.internalError.rawValue)
    #expect(checked?.localizedDescription.contains("signIn(withEmail:link:)") == true)
    let verified = await thrownError { _ = try await auth.verifyPasswordResetCode(code) }
    #expect(verified?.code == AuthErrorCode.internalError.rawValue)
    #expect(try await auth.signIn(withEmail: "lin@example.com", link: link).user.email == "lin@example.com")
  }

  @Test func linkingAnAddressAnotherAccountHasIsEmailAlreadyInUse() async throws {
    let world = FirebaseWorld(accounts: [.init(email: "bob@example.com", password: "Str0ng-pass")])
    let auth = world.auth(for: "phone")
    let guest = try await auth.signInAnonymously().user
    try await auth.sendSignInLink(toEmail: "bob@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "bob@example.com")).link
    let error = await thrownError {
      try await guest.link(with: EmailAuthProvider.credential(withEmail: "bob@example.com", link: link))
    }
    #expect(error?.code == AuthErrorCode.emailAlreadyInUse.rawValue)
    // The SDK maps `EMAIL_EXISTS` to this code without the email: an app cannot read it here.
    #expect(error?.userInfo[AuthErrorUserInfoEmailKey] == nil)
    #expect(auth.currentUser?.isAnonymous == true)
  }

  /// As production: the link needs a continue URL (the service's `MISSING_CONTINUE_URI`), and is for the app to
  /// open (without `handleCodeInApp` the SDK stops the app); nothing is sent either way.
  @Test func theSettingsMustNameTheContinueURLAndLetTheAppHandleTheLink() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    let noURL = ActionCodeSettings()
    noURL.handleCodeInApp = true
    let missing = await thrownError {
      try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: noURL)
    }
    #expect(missing?.code == AuthErrorCode.missingContinueURI.rawValue)
    let notInApp = ActionCodeSettings()
    notInApp.url = URL(string: "https://app.example.com/finish")
    let stopped = await thrownError {
      try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: notInApp)
    }
    #expect(stopped?.code == AuthErrorCode.internalError.rawValue)
    #expect(stopped?.localizedDescription.contains("handleCodeInApp") == true)
    #expect(world.newestEmail(.signInLink, to: "nia@example.com") == nil)
  }

  /// The SDK reads a link's query percent-decoded: a Dynamic Link that wraps the sign-in link in its `link`
  /// parameter is a sign-in link too (production's links start with the API key, so the wrapped `mode` is an item
  /// of its own), and signs in. A link without the mode or the code is not one.
  @Test func aWrappedLinkIsASignInLinkAsTheSDKReadsIt() async throws {
    let world = FirebaseWorld()
    let auth = world.auth(for: "phone")
    try await auth.sendSignInLink(toEmail: "nia@example.com", actionCodeSettings: settings)
    let link = try #require(world.newestEmail(.signInLink, to: "nia@example.com")).link
    #expect(link.contains("?apiKey="))
    let encoded = try #require(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let wrapped = "https://example.page.link/?link=\(encoded)&ibi=com.example.ios"
    #expect(auth.isSignIn(withEmailLink: wrapped))
    #expect(ActionCodeURL(link: wrapped)?.operation == .emailLink)
    #expect(ActionCodeURL(link: "https://example.page.link/") == nil)
    #expect(
      ActionCodeURL(link: "https://x.test/?mode=signIn&oobCode=")?.code == nil, "an empty value is skipped")
    #expect(!auth.isSignIn(withEmailLink: "https://x.test/?mode=signIn"))
    let user = try await auth.signIn(withEmail: "nia@example.com", link: wrapped).user
    #expect(user.email == "nia@example.com")
  }
}
