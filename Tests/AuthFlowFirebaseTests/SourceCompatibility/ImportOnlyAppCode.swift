// App code whose only import is FirebaseAuth's (changed to `import AuthFlowFirebase`): FirebaseAuth brings
// Foundation with it, so `NSError`, `URL`, `UserDefaults` and `Data` need no import of their own, and the
// FirebaseCore calls auth code makes (`FirebaseApp.configure()`, the app's options) compile too.
import AuthFlowFirebase

/// A completion-handler account manager that remembers the last email signed in with and maps errors by number.
final class RememberingAccountManager {
  enum Problem: Equatable { case wrongCredentials, emailTaken, offline, other(Int) }

  private let defaults: UserDefaults
  private(set) var lastProblem: Problem?

  init(defaults: UserDefaults = .standard) {
    self.defaults = defaults
    FirebaseApp.configure()
  }

  var googleClientID: String? { FirebaseApp.app()?.options.clientID }

  func signIn(email: String, password: String, completion: @escaping (Bool) -> Void) {
    Auth.auth().signIn(withEmail: email, password: password) { [weak self] result, error in
      guard let self else { return }
      if let error = error as NSError? {
        lastProblem = Self.problem(for: error)
        completion(false)
        return
      }
      defaults.set(result?.user.email, forKey: "lastEmail")
      completion(true)
    }
  }

  var lastEmail: String? { defaults.string(forKey: "lastEmail") }

  static func problem(for error: NSError) -> Problem {
    guard error.domain == AuthErrorDomain else { return .other(error.code) }
    switch error.code {
    case AuthErrorCode.wrongPassword.rawValue, AuthErrorCode.invalidCredential.rawValue:
      return .wrongCredentials
    case AuthErrorCode.emailAlreadyInUse.rawValue: return .emailTaken
    case AuthErrorCode.networkError.rawValue: return .offline
    default: return .other(error.code)
    }
  }

  /// The photo to show: the user's own, or a placeholder's bytes.
  func photo(placeholder: Data) -> (url: URL?, data: Data) {
    (Auth.auth().currentUser?.photoURL, placeholder)
  }
}
