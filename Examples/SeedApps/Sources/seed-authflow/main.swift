import AuthFlowCommand
import AuthFlowKit
import AuthKitSeed
import FirebaseUISeed

// The authflow command with the seed apps' own code registered: `authkit-seed`, `firebaseui-seed` and their
// mutants. `main` stays synchronous so the command installs authflow's executors before any task exists.
var registry = MachineRegistry.builtIn
for descriptor in AuthKitSeedApp.descriptors + FirebaseUISeedApp.descriptors {
  registry.register(descriptor)
}
AuthflowCommand.main(registry: registry)
