import AuthFlowLanguage

/// Why a machine could not be found, started, or could not handle an action; one `switch` renders each
/// message from the case's data.
public enum MachineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The machine does not handle this kind of action.
  case unsupported(ActionKind)
  /// `type` named a field the machine does not have.
  case noSuchField(String)
  /// `tap` named nothing the machine shows.
  case nothingToTap(String)
  /// No machine is registered under the name; `known` lists those that are.
  case unknownMachine(MachineReference, known: [String])
  /// `exec:` with no command after it.
  case noCommand(MachineReference)
  /// The adapter could not be started or did not say it was ready; `reason` is what went wrong, with the
  /// scenario's secrets hidden.
  case cannotStart(MachineReference, reason: String)
  /// An out-of-process adapter broke the protocol, exited or timed out; `reason` tells what it did and what
  /// the harness was doing, with every secret of the scenario hidden (an adapter may echo what it was sent).
  case adapterFailed(reason: String)

  /// The message a transcript and a failure show.
  public var description: String {
    switch self {
    case .unsupported(let kind): "the machine does not handle '\(kind.rawValue)'"
    case .noSuchField(let name): "no field '\(name)'"
    case .nothingToTap(let name): "nothing to tap named '\(name)'"
    case .unknownMachine(let machine, let known):
      "unknown machine '\(machine)'\(Suggestion.didYouMean(machine.description, in: known)); "
        + "known machines: \(known.joined(separator: ", "))"
    case .noCommand(let machine):
      "machine '\(machine)' names no command; write --machine \"exec:COMMAND\""
    case .cannotStart(let machine, let reason): "cannot start machine '\(machine)': \(reason)"
    case .adapterFailed(let reason): reason
    }
  }
}
