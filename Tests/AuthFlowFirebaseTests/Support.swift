import AuthFlowFirebase
import AuthFlowKit
import Foundation
import Testing

/// The `NSError` an async call throws, failing the test when it does not throw one.
func thrownError(_ body: () async throws -> Void, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  async
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

/// Plays `yaml` (one file of scenarios) on `descriptor`'s machine, registered beside the built-in ones.
func playScenarios(_ yaml: String, on descriptor: MachineDescriptor) throws -> ScenarioCheck.Outcome {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "authflow-firebase-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("app.yaml")
  try yaml.write(to: file, atomically: true, encoding: .utf8)
  var registry = MachineRegistry.builtIn
  registry.register(descriptor)
  return ScenarioCheck.run(paths: [file.path], machine: descriptor.name, registry: registry)
}
