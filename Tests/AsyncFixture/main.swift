import AuthFlowCommand
import AuthFlowKit
import Foundation

// The authflow command with a test async machine registered, for the tests that need a process whose main
// installs authflow's executors (a `swift test` process cannot). `repeat` plays scenarios many times in one
// process and counts the distinct outputs.
var registry = MachineRegistry.builtIn
registry.register(DemoAsyncApp.descriptor)
registry.register(SessionStoreApp.descriptor)
registry.register(
  DemoMutant.descriptor("blocks-on-refresh", .blocksOnRefresh, summary: "refresh never returns"))
registry.register(DemoMutant.descriptor("says-nothing", .saysNothing, summary: "no greeting"))
// The demo app with one thing to do, start work that never lets it go idle: what `explore` can only walk into.
var spinOnly = DemoAsyncApp.descriptor
spinOnly.name = "async-spin"
spinOnly.summary = "the async demo app, tapping only 'spin' (test fixture)"
spinOnly.supportedActions = [.tap]
spinOnly.tapTargets = ["spin"]
registry.register(spinOnly)
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "repeat" {
  AsyncExecutors.install()
  let (repeatArguments, machines) = (Array(arguments.dropFirst()), registry)
  AsyncExecutors.runBesideMainQueue { RepeatCheck.run(repeatArguments, registry: machines) }
}
AuthflowCommand.main(registry: registry)
