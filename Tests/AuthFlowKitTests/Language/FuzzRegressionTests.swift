import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Inputs libFuzzer flagged (`Fuzz/run.sh`), kept as they were found in `Fixtures/Fuzz/`: each must load,
/// quickly, into scenarios or diagnostics, never a crash.
@Suite struct FuzzRegressionTests {
  static let inputs = ["slow-0a83411a.bin", "timeout-bae26e2c.bin"]

  @Test(arguments: inputs) func loadsQuicklyIntoScenariosOrDiagnostics(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixture.path("Fuzz/\(name)"))))
    var result = LoadResult()
    let elapsed = ContinuousClock().measure { result = ScenarioLoader().load(bytes: bytes, file: name) }
    #expect(elapsed < .seconds(2))
    #expect(!result.scenarios.isEmpty || !result.diagnostics.isEmpty)
    #expect(result.diagnostics.allSatisfy { $0.location.file == name && $0.location.line >= 1 })
  }
}
