// App code written as against FirebaseAuth 12's async sequences (only `import FirebaseAuth` changed): it must
// compile. AuthAsyncTests runs it.
import AuthFlowFirebase
import Foundation

/// A view model that follows the signed-in user with `for await`, as SwiftUI apps do in a `.task`.
@MainActor
final class AsyncSessionModel {
  var email: String?
  var tokenChanges = 0

  func watchUntilSignedOut() async {
    for await user in Auth.auth().authStateChanges {
      email = user?.email
      if user == nil { break }
    }
  }

  func countTokenChanges(upTo limit: Int) async {
    for await _ in Auth.auth().idTokenChanges.prefix(limit) {
      tokenChanges += 1
    }
  }
}

/// Helpers overloaded on the two sequences' iterators, which FirebaseAuth 12 declares as two types.
enum ListenerKind {
  static func of(_ iterator: Auth.AuthStateChangesSequence.Iterator) -> String { "state" }
  static func of(_ iterator: Auth.IDTokenChangesSequence.Iterator) -> String { "ID token" }
}
