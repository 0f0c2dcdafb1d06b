import Foundation
import Testing

@testable import AuthFlowEngine
@testable import AuthFlowLanguage
@testable import AuthFlowTools

@Suite struct MachineReferenceTests {
  @Test(arguments: [
    ("authkit", MachineReference.registered("authkit")),
    ("authkit~no-foreground-refresh", .mutant(base: "authkit", mutant: "no-foreground-refresh")),
    ("exec:python3 adapter.py", .exec(command: "python3 adapter.py")),
    ("exec:a~b", .exec(command: "a~b")),
    ("exec:", .exec(command: "")),
    ("notes~", .mutant(base: "notes", mutant: "")),
  ])
  func readsEachKindOnceAndWritesItBack(text: String, reference: MachineReference) {
    #expect(MachineReference(text) == reference)
    #expect(reference.description == text)
  }

  @Test func onlyAnAdapterIsACommandAndOnlyAMutantHasABase() {
    #expect(MachineReference("exec:x").isCommand)
    #expect(!MachineReference("authkit~x").isCommand)
    #expect(MachineReference("authkit~x").base == "authkit")
    #expect(MachineReference("authkit~x").isMutant(of: "authkit"))
    #expect(!MachineReference("authkit").isMutant(of: "authkit"))
    #expect(MachineReference("exec:authkit~x").base == nil)
  }

  @Test func aConfigurationStartsNoAdapterUntilAskedTo() throws {
    // A command that leaves a mark when it runs (and then exits without a handshake).
    let mark = TestFiles.root.appendingPathComponent("authflow-mark-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: mark) }
    var configuration = RunConfiguration(machine: "exec:touch '\(mark)'", execTimeout: .seconds(30))
    #expect(configuration.machine == .exec(command: "touch '\(mark)'"))
    #expect(!FileManager.default.fileExists(atPath: mark))
    configuration.startAdapter()
    #expect(FileManager.default.fileExists(atPath: mark))
    guard case .cannotStart = configuration.problems().first else {
      Issue.record("expected cannotStart, found \(configuration.problems())")
      return
    }
  }

  @Test func anAdapterWithNoCommandIsAValue() {
    #expect(RunConfiguration(machine: "exec: ").problems() == [.noCommand(.exec(command: " "))])
  }

  @Test func anUnknownMachineIsAValueThatRendersWithASuggestion() {
    let problems = RunConfiguration(machine: "autkit").problems()
    #expect(problems == [.unknownMachine(.registered("autkit"), known: MachineRegistry.builtIn.names)])
    #expect(
      problems.first?.description.hasPrefix("unknown machine 'autkit'; did you mean 'authkit'?") == true)
  }
}
