import AuthFlowFirebase
import Foundation
import Testing

/// The `NSError` an async call throws, failing the test when it does not throw one.
func thrownError(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async
  -> NSError?
{
  do {
    try await body()
    Issue.record("expected an error, the call succeeded", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error as NSError
  }
}

/// The action code in an emailed link.
func code(in email: FirebaseWorld.Email?) -> String {
  email.flatMap { ActionCodeURL(link: $0.link)?.code } ?? "no-code"
}

extension FirebaseWorld.Settings {
  /// Production's settings with email enumeration protection off, as projects created before 2023-09 have them.
  static var withoutEnumerationProtection: Self {
    var settings = Self()
    settings.emailEnumerationProtection = false
    return settings
  }
}
