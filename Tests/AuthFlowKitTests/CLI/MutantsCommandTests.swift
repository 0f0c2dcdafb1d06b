import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// `authflow mutants` for a machine registered to play another machine's scenarios (an app's own code put
/// under a built-in machine's scenarios, as Examples/SeedApps does).
@Suite struct MutantsCommandTests {
  /// `authkit` and one of its mutants under new names: `copy` and `copy~no-foreground-refresh`.
  private static func registry(playsScenariosOf base: String?) throws -> MachineRegistry {
    var registry = MachineRegistry.builtIn
    var copy = try #require(registry.descriptor(named: "authkit"))
    copy.name = "copy"
    copy.playsScenariosOf = base
    var mutant = try #require(registry.descriptor(named: "authkit~no-foreground-refresh"))
    mutant.name = "copy~no-foreground-refresh"
    registry.register(copy)
    registry.register(mutant)
    return registry
  }

  private static func mutants(_ registry: MachineRegistry) -> (Commands.ExitStatus, String) {
    let printed = Printed()
    let io = CommandIO(out: { printed.append($0) }, err: { printed.append($0) })
    let options = Commands.MutantsOptions(
      paths: [Repository.root.appendingPathComponent("Scenarios/verification").path], machine: "copy",
      registry: registry)
    return (Commands.mutants(options, io: io), printed.value)
  }

  @Test func aMachineThatPlaysAnothersScenariosIsScoredOnThem() throws {
    let (status, output) = Self.mutants(try Self.registry(playsScenariosOf: "authkit"))
    #expect(status == .success, "\(output)")
    #expect(output.contains("scenario(s) written for copy pass on it; trying 1 mutant(s)"), "\(output)")
    #expect(!output.contains("\n0 scenario(s) written for copy"), "\(output)")
    #expect(output.contains("mutation score: 1/1 killed"), "\(output)")
  }

  /// Without it the other machine's scenarios are not its own, and with none of its own there is nothing to score:
  /// bad input, not a score of 0 that reads as scenarios catching nothing.
  @Test func withoutItTheOtherMachinesScenariosAreNotItsOwn() throws {
    let (status, output) = Self.mutants(try Self.registry(playsScenariosOf: nil))
    #expect(status == .invalidInput, "\(output)")
    #expect(output.hasPrefix("error: no scenario in "), "\(output)")
    #expect(
      output.hasSuffix(
        "is written for copy (by its `machine:` key, or by naming none, for authkit): there is nothing to try its mutants with\n"
      ), "\(output)")
    #expect(!output.contains("mutation score"), "\(output)")
  }
}
