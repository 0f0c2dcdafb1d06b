import AuthFlowKit
import Foundation

/// Two mutants of `async-demo` for `mutants`' tests, each the app with one change: `~blocks-on-refresh` blocks
/// the thread that runs the app's jobs when asked to refresh (so its step never ends, and the process's async
/// executors stay held), and `~says-nothing`, registered after it, shows no greeting, a bug the tests' scenarios
/// do not check.
@MainActor
final class DemoMutant: AsyncMachine {
  enum Change { case blocksOnRefresh, saysNothing }

  private let app: DemoAsyncApp
  private let change: Change

  init(context: MachineContext, change: Change) {
    app = DemoAsyncApp(context: context)
    self.change = change
  }

  var state: AuthState { app.state }
  var screen: String { app.screen }
  var error: AuthErrorCode? { app.error }
  var ui: [String: String] {
    var ui = app.ui
    if change == .saysNothing { ui["greeting"] = "" }
    return ui
  }

  func perform(_ action: Action) async throws {
    if change == .blocksOnRefresh, action == .refresh { DispatchSemaphore(value: 0).wait() }
    try await app.perform(action)
  }

  nonisolated static func descriptor(_ suffix: String, _ change: Change, summary: String) -> MachineDescriptor
  {
    let app = DemoAsyncApp.descriptor
    return MachineDescriptor(
      name: "async-demo~\(suffix)", summary: summary, supportedActions: app.supportedActions,
      screens: app.screens,
      tapTargets: app.tapTargets, makeAsync: { context in DemoMutant(context: context, change: change) })
  }
}
