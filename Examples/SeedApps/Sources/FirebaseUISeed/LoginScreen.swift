// The custom FirebaseUI login screen, as its article writes it: a provider picker (Google, Twitter, Email) whose
// social buttons hand the provider's credential to Firebase, and one email screen that asks Firebase which
// sign-in methods the email has, then signs in or creates the account. Completion-handler style, as FirebaseUI
// is. Only the import differs from the app (and UIKit is left out): `import FirebaseAuth` became
// `import AuthFlowFirebase`. One deviation: `init(bugs:)` puts a built-in mutant's bug into this code for
// `authflow mutants` (lines marked `// mutant:`); the app's default is none.
import AuthFlowFirebase
import Foundation

@MainActor
final class LoginScreen {
  /// What the screen shows after a login: the greeting line on the home screen.
  private(set) var greeting: String?
  /// The message of the last error alert, if any.
  private(set) var alert: Error?
  /// Called once a user is signed in.
  var didLogin: ((User) -> Void)?

  private let bugs: SeedBug

  init(bugs: SeedBug = []) { self.bugs = bugs }

  /// The greeting after an email login: the name, else the email.
  private func emailGreeting(_ user: User) -> String {
    // mutant: greeting-ignores-display-name, stranger-for-email-users
    if bugs.contains(.greetingIgnoresDisplayName) { return user.email ?? user.displayName ?? "Stranger" }
    if bugs.contains(.strangerForEmailUsers) { return user.displayName ?? "Stranger" }
    return user.displayName ?? user.email ?? "Stranger"
  }

  // MARK: - Social login

  /// A provider button: the provider's SDK presents its sheet and hands back a credential.
  func socialLogin(with credential: AuthCredential) {
    Auth.auth().signIn(with: credential) { [weak self] result, error in
      guard let self else { return }
      if let error {
        self.alert = error
        return
      }
      guard let user = result?.user else { return }
      self.onLogin(user)
    }
  }

  /// The article's login handler: greet the user by the name the provider gave, or as a stranger.
  private func onLogin(_ user: User) {
    greeting = user.displayName ?? "Stranger"
    didLogin?(user)
  }

  // MARK: - Email login

  /// The email screen's Next button: existing password users sign in, everyone else gets an account.
  func emailLogin(email: String, password: String, displayName: String?) {
    Auth.auth().fetchSignInMethods(forEmail: email) { [weak self] methods, error in
      guard let self else { return }
      if let error {
        self.alert = error
        return
      }
      if let methods, methods.contains(EmailAuthProvider.id) {
        self.signIn(email: email, password: password)
      } else {
        self.createAccount(email: email, password: password, displayName: displayName)
      }
    }
  }

  private func signIn(email: String, password: String) {
    Auth.auth().signIn(withEmail: email, password: password) { [weak self] result, error in
      guard let self else { return }
      if let error {
        self.alert = error
        return
      }
      guard let user = result?.user else { return }
      self.greeting = self.emailGreeting(user)
      self.didLogin?(user)
    }
  }

  private func createAccount(email: String, password: String, displayName: String?) {
    Auth.auth().createUser(withEmail: email, password: password) { [weak self] result, error in
      guard let self else { return }
      if let error {
        self.alert = error
        return
      }
      guard let user = result?.user else { return }
      guard let displayName, !self.bugs.contains(.signUpDropsDisplayName) else {  // mutant: drops the name
        self.greeting = self.emailGreeting(user)
        self.didLogin?(user)
        return
      }
      let change = user.createProfileChangeRequest()
      change.displayName = displayName
      change.commitChanges { error in
        if let error { self.alert = error }
        self.greeting = Auth.auth().currentUser.map(self.emailGreeting) ?? user.email ?? "Stranger"
        self.didLogin?(user)
      }
    }
  }

  func signOut() {
    do {
      try Auth.auth().signOut()
      greeting = nil
    } catch {
      alert = error
    }
  }
}
