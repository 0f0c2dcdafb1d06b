// AuthKit's auth service, as the AuthKit article builds it: one observable object the views share, which keeps
// the auth state from Firebase's state listener and wraps each Firebase call the screens make. Only the import
// differs from the app (and SwiftUI is left out): `import FirebaseAuth` became `import AuthFlowFirebase`.
// Two deviations, both injected through `init` with defaults that keep the app's behaviour: the nickname's
// random generator (so a scenario's nickname is the same on every run), and `bugs`, which puts a built-in
// mutant's bug into this code for `authflow mutants` (lines marked `// mutant:`).
import AuthFlowFirebase
import Foundation
import Observation

/// What the app's root view switches on.
enum AuthState: Equatable {
  case undefined
  case signedOut
  case signedInUnverified
  case signedIn
}

@MainActor
@Observable
final class DB {
  /// The auth state the root view shows.
  var authState: AuthState = .undefined
  /// The signed-in user, as the state listener last delivered it.
  var user: User?
  /// Seconds before "resend" works again.
  var resendSecondsLeft = 0

  @ObservationIgnored private var handle: NSObjectProtocol?
  @ObservationIgnored private var countdown: Task<Void, Never>?
  @ObservationIgnored private var random: any RandomNumberGenerator
  @ObservationIgnored private let bugs: SeedBug

  /// The app passes nothing; a test passes a seeded generator so the nickname is the same on every run.
  init(random: any RandomNumberGenerator = SystemRandomNumberGenerator(), bugs: SeedBug = []) {
    self.random = random
    self.bugs = bugs
    if bugs.contains(.noAuthListener) {  // mutant: reads the user once instead of listening
      user = Auth.auth().currentUser
      updateAuthState()
      return
    }
    handle = Auth.auth().addStateDidChangeListener { [weak self] _, user in
      guard let self else { return }
      self.user = user
      self.updateAuthState()
    }
  }

  /// Password accounts must verify their email before they count as signed in.
  private func updateAuthState() {
    guard let user = Auth.auth().currentUser else {
      authState = .signedOut
      return
    }
    let hasPassword = user.providerData.contains { $0.providerID == EmailAuthProvider.id }
    let gates = !bugs.contains(.unverifiedIsSignedIn)  // mutant: no verification gate
    authState = gates && hasPassword && !user.isEmailVerified ? .signedInUnverified : .signedIn
  }

  // MARK: - Sign in and up

  func signIn(email: String, password: String) async throws {
    try await Auth.auth().signIn(withEmail: email, password: password)
    updateAuthState()
  }

  func signUp(email: String, password: String) async throws {
    let result = try await Auth.auth().createUser(withEmail: email, password: password)
    let change = result.user.createProfileChangeRequest()
    change.displayName = randomNickname()
    try await change.commitChanges()
    try await result.user.sendEmailVerification()
    updateAuthState()
  }

  func signInWithApple(credential: AuthCredential) async throws {
    try await Auth.auth().signIn(with: credential)
    updateAuthState()
  }

  private func randomNickname() -> String { random.nickname() }

  // MARK: - Verify email

  /// Called by the verify-email screen each time the app comes to the foreground.
  func refreshUserData() async throws {
    try await Auth.auth().currentUser?.reload()
    user = Auth.auth().currentUser
    updateAuthState()
  }

  func sendVerificationEmail() async throws {
    guard resendSecondsLeft == 0, let user = Auth.auth().currentUser else { return }
    try await user.sendEmailVerification()
    if bugs.contains(.resendWithoutCountdown) { return }  // mutant: no countdown
    startResendCountdown()
  }

  private func startResendCountdown() {
    countdown?.cancel()
    resendSecondsLeft = 60
    countdown = Task { [weak self] in
      while let self, self.resendSecondsLeft > 0 {
        do { try await Task.sleep(for: .seconds(1)) } catch { return }
        self.resendSecondsLeft -= 1
      }
    }
  }

  // MARK: - Password reset

  func requestPasswordReset(email: String) async throws {
    try await Auth.auth().sendPasswordReset(withEmail: email)
  }

  // MARK: - Account

  func deleteUser(password: String) async throws {
    guard let user = Auth.auth().currentUser, let email = user.email else { return }
    let credential = EmailAuthProvider.credential(withEmail: email, password: password)
    try await user.reauthenticate(with: credential)
    try await deleteReauthenticatedUser()
  }

  func deleteUser(appleCredential: AuthCredential) async throws {
    guard let user = Auth.auth().currentUser else { return }
    try await user.reauthenticate(with: appleCredential)
    try await deleteReauthenticatedUser()
  }

  /// The settings sheet closes first; the article waits half a second so its animation finishes.
  private func deleteReauthenticatedUser() async throws {
    try await Task.sleep(for: .seconds(0.5))
    try await Auth.auth().currentUser?.delete()
  }

  func signOut() throws {
    countdown?.cancel()
    resendSecondsLeft = 0
    try Auth.auth().signOut()
    updateAuthState()
  }
}

extension RandomNumberGenerator {
  /// A nickname such as `BraveOtter42`.
  fileprivate mutating func nickname() -> String {
    let adjectives = [
      "Brave", "Calm", "Eager", "Gentle", "Jolly", "Kind", "Lucky", "Quiet", "Swift", "Witty",
    ]
    let animals = ["Otter", "Falcon", "Panda", "Tiger", "Koala", "Heron", "Lynx", "Robin", "Whale", "Fox"]
    let adjective = adjectives[Int.random(in: 0..<adjectives.count, using: &self)]
    let animal = animals[Int.random(in: 0..<animals.count, using: &self)]
    return "\(adjective)\(animal)\(Int.random(in: 10..<100, using: &self))"
  }
}
