import AuthFlowEngine
import AuthFlowLanguage

extension JSONReporter {
  /// `coverage`: per machine, the triples exercised and in all, every transition exercised and every triple
  /// never exercised.
  static func coverage(_ report: CoverageReport) -> JSONValue {
    func place(_ place: Place) -> JSONValue {
      .object(["state": .string(place.state), "screen": .string(place.screen)])
    }
    var machines: [String: JSONValue] = [:]
    for machine in report.machines {
      machines[machine.machine] = .object([
        "exercised": .number(Int64(machine.exercised)),
        "total": .number(Int64(machine.total)),
        "transitions": .array(
          machine.transitions.map {
            .object(["from": place($0.from), "action": .string($0.action.rawValue), "to": place($0.to)])
          }),
        "never": .array(
          machine.never.map {
            .object([
              "state": .string($0.place.state), "screen": .string($0.place.screen),
              "action": .string($0.action.rawValue),
            ])
          }),
      ])
    }
    return .object(machines)
  }
}
