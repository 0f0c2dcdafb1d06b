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
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "repeat" {
  AsyncExecutors.install()
  exit(RepeatCheck.run(Array(arguments.dropFirst()), registry: registry))
}
AuthflowCommand.main(registry: registry)
