import AuthFlowFirebase
import Foundation
import Testing

/// Multi-factor authentication through the SDK's API: enrolling an authenticator app and a phone, the rules of
/// enrolment, the sign-in challenge and its resolver, unenrolling.
@Suite struct MultiFactorTests {
  private let email = "pat@example.com"
  private let password = "Str0ng-pass"
  private let number = "+15555550100"

  /// A world where `pat@example.com` (verified unless told) has the second `factors`.
  private func world(verified: Bool = true, factors: [FirebaseWorld.SecondFactor] = []) -> FirebaseWorld {
    var pat = FirebaseWorld.AccountSeed(email: email, password: password, emailVerified: verified)
    pat.mfa = factors
    return FirebaseWorld(accounts: [pat])
  }

  /// Signs pat in on `device` with the password (no second factor enrolled yet).
  private func signedIn(_ world: FirebaseWorld, on device: String = "phone") async throws -> User {
    try await world.auth(for: device).signIn(withEmail: email, password: password).user
  }

  /// The resolver of a password sign-in that waits for a second factor, failing the test without one.
  private func resolver(_ world: FirebaseWorld, _ auth: Auth) async throws -> MultiFactorResolver {
    let error = await thrownError { try await auth.signIn(withEmail: email, password: password) }
    #expect(error?.code == AuthErrorCode.secondFactorRequired.rawValue)
    #expect(auth.currentUser == nil)
    return try #require(error?.userInfo[AuthErrorUserInfoMultiFactorResolverKey] as? MultiFactorResolver)
  }

  // MARK: - Enrolling

  @Test func anAuthenticatorAppIsEnrolledAndOtherSessionsEnd() async throws {
    let world = world()
    let tablet = try await signedIn(world, on: "tablet")
    let user = try await signedIn(world)
    #expect(user.multiFactor.enrolledFactors.isEmpty)
    let session = try await user.multiFactor.session()
    let secret = try await TOTPMultiFactorGenerator.generateSecret(with: session)
    let key = secret.sharedSecretKey()
    #expect(key.count == 32 && key.allSatisfy { "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".contains($0) })
    #expect(
      secret.generateQRCodeURL(withAccountName: email, issuer: "Demo")
        == "otpauth://totp/Demo:\(email)?secret=\(key)&issuer=Demo&algorithm=SHA1&digits=6")
    let code = try #require(world.authenticatorCode(secret: secret))
    #expect(code.count == 6)
    let wrong = await thrownError {
      try await user.multiFactor.enroll(
        with: TOTPMultiFactorGenerator.assertionForEnrollment(
          with: secret, oneTimePassword: code == "000000" ? "111111" : "000000"),
        displayName: nil)
    }
    #expect(wrong?.code == AuthErrorCode.invalidVerificationCode.rawValue)

    try await user.multiFactor.enroll(
      with: TOTPMultiFactorGenerator.assertionForEnrollment(with: secret, oneTimePassword: code),
      displayName: "Authenticator")
    let factor = try #require(user.multiFactor.enrolledFactors.first)
    #expect(user.multiFactor.enrolledFactors.count == 1)
    // Set by app code, as the SDK's stored property can be: its own value until the user is fetched again.
    user.multiFactor.enrolledFactors = []
    #expect(user.multiFactor.enrolledFactors.isEmpty)
    try await user.reload()
    #expect(user.multiFactor.enrolledFactors.map(\.uid) == [factor.uid])
    #expect(
      factor.factorID == PhoneMultiFactorInfo.TOTPMultiFactorID && factor.displayName == "Authenticator")
    #expect(!(factor is PhoneMultiFactorInfo))
    #expect(factor.enrollmentDate == Date(timeIntervalSince1970: TimeInterval(world.now.secondsSince1970)))
    #expect(world.authenticatorCode(secret: secret) == nil)
    #expect(world.authenticatorCode(factor: factor)?.count == 6)

    #expect(world.auth(for: "phone").currentUser === user, "the enrolling device keeps its session")
    #expect(try await user.getIDTokenResult().signInSecondFactor == "totp", "enrolling proved the factor")
    #expect(try await tablet.getIDTokenResult().signInSecondFactor == "", "a first-factor session names none")
    try await user.reload()
    let revoked = await thrownError { try await tablet.reload() }
    #expect(revoked?.code == AuthErrorCode.userTokenExpired.rawValue)

    let again = await thrownError {
      _ = try await TOTPMultiFactorGenerator.generateSecret(with: try await user.multiFactor.session())
    }
    #expect(again?.code == AuthErrorCode.secondFactorAlreadyEnrolled.rawValue)
  }

  @Test func aPhoneIsEnrolledWithTheSMSCode() async throws {
    let world = world()
    let user = try await signedIn(world)
    let provider = PhoneAuthProvider.provider(auth: world.auth(for: "phone"))
    let session = try await user.multiFactor.session()
    let verificationID = try await provider.verifyPhoneNumber(
      number, uiDelegate: nil, multiFactorSession: session)
    let sms = try #require(world.newestSMS(to: number))
    #expect(sms.verificationID == verificationID)
    let credential = provider.credential(withVerificationID: verificationID, verificationCode: sms.code)
    try await user.multiFactor.enroll(
      with: PhoneMultiFactorGenerator.assertion(with: credential), displayName: nil)
    let factor = try #require(user.multiFactor.enrolledFactors.first as? PhoneMultiFactorInfo)
    #expect(factor.phoneNumber == number, "the user's own view shows the number in full")
    #expect(factor.factorID == PhoneMultiFactorInfo.PhoneMultiFactorID && factor.displayName == nil)
    #expect(user.phoneNumber == nil, "a second factor is not the phone provider")
    #expect(world.authenticatorCode(factor: factor) == nil)
  }

  @Test func anUnverifiedEmailCannotEnroll() async throws {
    let world = world(verified: false)
    let user = try await signedIn(world)
    let session = try await user.multiFactor.session()
    let totp = await thrownError { _ = try await TOTPMultiFactorGenerator.generateSecret(with: session) }
    #expect(totp?.code == AuthErrorCode.unverifiedEmail.rawValue)
    let phone = await thrownError {
      _ = try await PhoneAuthProvider.provider(auth: world.auth(for: "phone")).verifyPhoneNumber(
        number, uiDelegate: nil, multiFactorSession: session)
    }
    #expect(phone?.code == AuthErrorCode.unverifiedEmail.rawValue)
    #expect(world.textMessages.isEmpty)
  }

  @Test func aStaleSignInMustReauthenticateFirst() async throws {
    let world = world()
    let user = try await signedIn(world)
    world.advance(by: .minutes(6))
    let session = try await user.multiFactor.session()
    let stale = await thrownError { _ = try await TOTPMultiFactorGenerator.generateSecret(with: session) }
    #expect(stale?.code == AuthErrorCode.requiresRecentLogin.rawValue)
    try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: email, password: password))
    _ = try await TOTPMultiFactorGenerator.generateSecret(with: session)
  }

  @Test func theProjectMustAllowTheKindAndAnAccountHoldsFiveFactors() async throws {
    var settings = FirebaseWorld.Settings()
    settings.mfa.factors = [.phone]
    var pat = FirebaseWorld.AccountSeed(email: email, password: password, emailVerified: true)
    let numbers = (1...5).map { "+1555555010\($0)" }
    pat.mfa = numbers.prefix(4).map { FirebaseWorld.SecondFactor(.phone, number: $0) }
    let world = FirebaseWorld(accounts: [pat], settings: settings)
    let auth = world.auth(for: "phone")
    let resolver = try await resolver(world, auth)
    let hint = try #require(resolver.hints.first as? PhoneMultiFactorInfo)
    let provider = PhoneAuthProvider.provider(auth: auth)
    let id = try await provider.verifyPhoneNumber(
      with: hint, uiDelegate: nil, multiFactorSession: resolver.session)
    let code = try #require(world.newestSMS(to: numbers[0])).code
    let user = try await resolver.resolveSignIn(
      with: PhoneMultiFactorGenerator.assertion(
        with: provider.credential(withVerificationID: id, verificationCode: code))
    ).user

    let session = try await user.multiFactor.session()
    let totp = await thrownError { _ = try await TOTPMultiFactorGenerator.generateSecret(with: session) }
    #expect(totp?.code == AuthErrorCode.operationNotAllowed.rawValue, "the project allows SMS factors only")
    let misuse = await thrownError {
      _ = try await TOTPMultiFactorGenerator.generateSecret(with: resolver.session)
    }
    #expect(misuse?.code == AuthErrorCode.invalidMultiFactorSession.rawValue)

    let fifthID = try await provider.verifyPhoneNumber(
      numbers[4], uiDelegate: nil, multiFactorSession: session)
    let fifth = try #require(world.newestSMS(to: numbers[4])).code
    try await user.multiFactor.enroll(
      with: PhoneMultiFactorGenerator.assertion(
        with: provider.credential(withVerificationID: fifthID, verificationCode: fifth)),
      displayName: "Fifth")
    #expect(user.multiFactor.enrolledFactors.count == 5)
    let sixth = await thrownError {
      _ = try await provider.verifyPhoneNumber("+15555550199", uiDelegate: nil, multiFactorSession: session)
    }
    #expect(sixth?.code == AuthErrorCode.maximumSecondFactorCountExceeded.rawValue)
    let again = await thrownError {
      _ = try await provider.verifyPhoneNumber(numbers[0], uiDelegate: nil, multiFactorSession: session)
    }
    #expect(again?.code == AuthErrorCode.maximumSecondFactorCountExceeded.rawValue)
  }

  // MARK: - Signing in

  @Test func aChallengeExpiresAfterTenMinutes() async throws {
    let world = world(factors: [.init(.totp)])
    let auth = world.auth(for: "phone")
    let resolver = try await resolver(world, auth)
    let hint = try #require(resolver.hints.first)
    world.advance(by: .minutes(11))
    let code = try #require(world.authenticatorCode(factor: hint))
    let expired = await thrownError {
      _ = try await resolver.resolveSignIn(
        with: TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: hint.uid, oneTimePassword: code))
    }
    #expect(expired?.code == AuthErrorCode.sessionExpired.rawValue)
    #expect(auth.currentUser == nil)
  }

  @Test func aSignInWaitsForTheSecondFactorAndTheAuthenticatorAnswers() async throws {
    let world = world(factors: [.init(.phone, number: number), .init(.totp)])
    let auth = world.auth(for: "phone")
    let resolver = try await resolver(world, auth)
    #expect(resolver.auth === auth)
    #expect(resolver.hints.map(\.factorID) == ["phone", "totp"])
    let phoneHint = try #require(resolver.hints.first as? PhoneMultiFactorInfo)
    #expect(phoneHint.phoneNumber == "+*******0100", "hints mask the number as production does")
    let totpHint = resolver.hints[1]

    let code = try #require(world.authenticatorCode(factor: totpHint))
    let wrong = await thrownError {
      _ = try await resolver.resolveSignIn(
        with: TOTPMultiFactorGenerator.assertionForSignIn(
          withEnrollmentID: totpHint.uid, oneTimePassword: code == "000000" ? "111111" : "000000"))
    }
    #expect(wrong?.code == AuthErrorCode.invalidVerificationCode.rawValue)
    #expect(auth.currentUser == nil)

    let result = try await resolver.resolveSignIn(
      with: TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: totpHint.uid, oneTimePassword: code)
    )
    #expect(result.user.email == email && result.additionalUserInfo == nil)
    #expect(auth.currentUser === result.user)
    #expect(result.user.multiFactor.enrolledFactors.map(\.uid) == resolver.hints.map(\.uid))
    let enrolledPhone = try #require(result.user.multiFactor.enrolledFactors.first as? PhoneMultiFactorInfo)
    #expect(enrolledPhone.phoneNumber == number)
    // The session proved the authenticator: its tokens say so, refreshed ones too (a step-up check reads it).
    for refresh in [false, true] {
      let token = try await result.user.getIDTokenResult(forcingRefresh: refresh)
      #expect(token.signInSecondFactor == "totp" && token.signInProvider == "password")
      let firebase = try #require(token.claims["firebase"] as? [String: Any])
      #expect(firebase["sign_in_second_factor"] as? String == "totp")
      #expect(firebase["second_factor_identifier"] as? String == totpHint.uid)
    }
  }

  @Test func thePhoneFactorAnswersWithItsSMSCode() async throws {
    let world = world(factors: [.init(.phone, number: number)])
    let auth = world.auth(for: "phone")
    let resolver = try await resolver(world, auth)
    let hint = try #require(resolver.hints.first as? PhoneMultiFactorInfo)
    let provider = PhoneAuthProvider.provider(auth: auth)
    let verificationID = try await provider.verifyPhoneNumber(
      with: hint, uiDelegate: nil, multiFactorSession: resolver.session)
    let sms = try #require(world.newestSMS(to: number))
    #expect(sms.verificationID == verificationID)
    let wrongCode = sms.code == "000000" ? "111111" : "000000"
    let wrong = await thrownError {
      _ = try await resolver.resolveSignIn(
        with: PhoneMultiFactorGenerator.assertion(
          with: provider.credential(withVerificationID: verificationID, verificationCode: wrongCode)))
    }
    #expect(wrong?.code == AuthErrorCode.invalidVerificationCode.rawValue)
    let result = try await resolver.resolveSignIn(
      with: PhoneMultiFactorGenerator.assertion(
        with: provider.credential(withVerificationID: verificationID, verificationCode: sms.code)))
    #expect(result.user.email == email && auth.currentUser === result.user)
  }

  @Test func reauthenticatingAlsoAsksForTheSecondFactor() async throws {
    let world = world(factors: [.init(.totp)])
    let auth = world.auth(for: "phone")
    let resolver = try await resolver(world, auth)
    let hint = try #require(resolver.hints.first)
    let code = try #require(world.authenticatorCode(factor: hint))
    let user = try await resolver.resolveSignIn(
      with: TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: hint.uid, oneTimePassword: code)
    ).user
    let error = await thrownError {
      try await user.reauthenticate(with: EmailAuthProvider.credential(withEmail: email, password: password))
    }
    #expect(error?.code == AuthErrorCode.secondFactorRequired.rawValue)
    #expect(error?.userInfo[AuthErrors.userInfoMultiFactorResolverKey] is MultiFactorResolver)
  }

  // MARK: - Unenrolling

  @Test func aFactorIsUnenrolledByInfoOrByUID() async throws {
    let world = world(factors: [.init(.phone, number: number), .init(.totp)])
    let auth = world.auth(for: "phone")
    let resolver = try await resolver(world, auth)
    let totpHint = resolver.hints[1]
    let code = try #require(world.authenticatorCode(factor: totpHint))
    let user = try await resolver.resolveSignIn(
      with: TOTPMultiFactorGenerator.assertionForSignIn(withEnrollmentID: totpHint.uid, oneTimePassword: code)
    ).user
    let unknown = await thrownError { try await user.multiFactor.unenroll(withFactorUID: "no-such-factor") }
    #expect(unknown?.code == AuthErrorCode.multiFactorInfoNotFound.rawValue)
    let phone = try #require(user.multiFactor.enrolledFactors.first)
    try await user.multiFactor.unenroll(with: phone)
    #expect(user.multiFactor.enrolledFactors.map(\.factorID) == ["totp"])
    world.advance(by: .minutes(6))
    let stale = await thrownError { try await user.multiFactor.unenroll(withFactorUID: totpHint.uid) }
    #expect(stale?.code == AuthErrorCode.requiresRecentLogin.rawValue)
    #expect(world.account(email: email)?.mfa.count == 1)
  }

  // MARK: - Completion handlers

  @Test func everyCompletionFormCallsBackWithTheOutcome() async throws {
    let world = world()
    let auth = world.auth(for: "phone")
    let user = try await signedIn(world)
    var session: MultiFactorSession?
    user.multiFactor.getSessionWithCompletion { value, error in
      #expect(error == nil)
      session = value
    }
    var secret: TOTPSecret?
    TOTPMultiFactorGenerator.generateSecret(with: try #require(session)) { value, error in
      #expect(error == nil)
      secret = value
    }
    let enrolling = try #require(secret)
    let code = try #require(world.authenticatorCode(secret: enrolling))
    var enrollError: Error? = NSError(domain: "not called", code: 0)
    user.multiFactor.enroll(
      with: TOTPMultiFactorGenerator.assertionForEnrollment(with: enrolling, oneTimePassword: code),
      displayName: "App"
    ) { enrollError = $0 }
    #expect(enrollError == nil)
    try auth.signOut()

    let resolver = try await resolver(world, auth)
    let hint = try #require(resolver.hints.first)
    var result: AuthDataResult?
    resolver.resolveSignIn(
      with: TOTPMultiFactorGenerator.assertionForSignIn(
        withEnrollmentID: hint.uid, oneTimePassword: try #require(world.authenticatorCode(factor: hint)))
    ) { value, error in
      #expect(error == nil)
      result = value
    }
    let signedIn = try #require(result?.user)
    var unenrollError: Error?
    signedIn.multiFactor.unenroll(withFactorUID: "no-such-factor") { unenrollError = $0 }
    #expect((unenrollError as NSError?)?.code == AuthErrorCode.multiFactorInfoNotFound.rawValue)
    var removed = false
    signedIn.multiFactor.unenroll(with: hint) { removed = $0 == nil }
    #expect(removed && signedIn.multiFactor.enrolledFactors.isEmpty)
  }
}
