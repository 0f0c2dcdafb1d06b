import AuthFlowLanguage

/// Why a machine could not be found, started, or could not handle an action; one `switch` renders each
/// message from the case's data.
public enum MachineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The machine does not handle this kind of action.
  case unsupported(ActionKind)
  /// The machine handles the action, but not in this form (`link_provider` with a password, say).
  case unsupportedForm(ActionKind, form: String)
  /// `follow_link` with `device:` handed the app a link, and the app does not handle links.
  case opensNoLinks
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
  /// An async machine, in a process whose `main` did not install authflow's executors.
  case executorsNotInstalled
  /// An async machine's app still had work to run when the step's time ran out; `pending` names it.
  case appNotIdle(stepTimeout: Duration, pending: String)
  /// An async machine's action task is suspended with nothing left that could resume it.
  case taskSuspended(task: String, waited: Duration, pending: String?)
  /// An async machine's action task kept waiting for timers past the limits of one action.
  case waitedTooLong(task: String, timers: Int, waited: Duration, pending: String)
  /// An async machine's action threw; `message` is how the error describes itself.
  case appFailed(message: String)

  /// The message a transcript and a failure show.
  public var description: String {
    switch self {
    case .unsupported(let kind): "the machine does not handle '\(kind.rawValue)'"
    case .unsupportedForm(let kind, let form): "the machine's '\(kind.rawValue)' does not take \(form)"
    case .opensNoLinks: "the app does not handle links opened on the device ('follow_link' with 'device:')"
    case .noSuchField(let name): "no field '\(name)'"
    case .nothingToTap(let name): "nothing to tap named '\(name)'"
    case .unknownMachine(let machine, let known):
      "unknown machine '\(machine)'\(Suggestion.didYouMean(machine.description, in: known)); "
        + "known machines: \(known.joined(separator: ", "))"
    case .noCommand(let machine):
      "machine '\(machine)' names no command; write --machine \"exec:COMMAND\""
    case .cannotStart(let machine, let reason): "cannot start machine '\(machine)': \(reason)"
    case .adapterFailed(let reason): reason
    case .executorsNotInstalled:
      "async machines need authflow's deterministic executors, and this process has not installed them: run "
        + "the scenarios with the authflow command, or with your own command whose synchronous main calls "
        + "AsyncExecutors.install() first (a swift test process cannot: run the command as a child process; "
        + "see Docs/AsyncMachines.md)"
    case .appNotIdle(let stepTimeout, let pending):
      "the app did not go idle within the step's time (--step-timeout \(RunTime.seconds(stepTimeout))); "
        + "still to run: \(pending)"
    case .taskSuspended(let task, let waited, let pending):
      "its task '\(task)' is still suspended and nothing is left to run: it awaits something that did not "
        + "happen by the end of the step's time (three quarters of --step-timeout, \(RunTime.seconds(waited))): "
        + "a continuation nobody resumed, a task that never ends"
        + (pending.map { "; still to run: \($0)" } ?? "")
    case .waitedTooLong(let task, let timers, let waited, let pending):
      "its task '\(task)' still waits after \(timers) timers and \(RunTime.seconds(waited)) of virtual time; "
        + "still to run: \(pending)"
    case .appFailed(let message): message
    }
  }
}
