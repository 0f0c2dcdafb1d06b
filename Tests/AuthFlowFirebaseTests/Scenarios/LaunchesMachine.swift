import AuthFlowFirebase
import AuthFlowKit
import Foundation

/// App code that, like many apps, registers a state listener when it starts and never removes it (a singleton
/// store, analytics), and reaches `Auth.auth()` from code no task-local binding reaches. Each launch is a new
/// app instance; what every instance's listener heard is kept in the world, so a scenario can see which
/// instances still listen.
final class LaunchesMachine: Machine {
  static let descriptor = MachineDescriptor(
    name: "launches",
    summary: "a listener per launch, never removed",
    supportedActions: [.launch, .terminate, .background, .foreground, .signIn, .signOut, .refresh],
    screens: ["app"]
  ) { LaunchesMachine(context: $0) }

  /// What the listeners of every instance heard, in order: `instance:email` (`nil` when signed out).
  final class Heard {
    var lines: [String] = []
    var launches = 0
  }

  private let world: FirebaseWorld
  private let device: String
  private let heard: Heard
  private var unboundAuthIsThisDevice = false
  private(set) var error: AuthFlowKit.AuthErrorCode?

  init(context: MachineContext) {
    world = FirebaseWorld.attached(to: context)
    device = context.device
    let heard = (context.world.attachments["launches-heard"] as? Heard) ?? Heard()
    context.world.attachments["launches-heard"] = heard
    heard.launches += 1
    self.heard = heard
    let instance = heard.launches
    world.auth(for: context).addStateDidChangeListener { _, user in
      heard.lines.append("\(instance):\(user?.email ?? "nil")")
    }
  }

  var state: AuthState { world.auth(for: device).currentUser == nil ? .signedOut : .signedIn }
  var screen: String { "app" }
  var ui: [String: String] {
    [
      "heard": heard.lines.joined(separator: " "),
      "unbound_auth_is_this_device": "\(unboundAuthIsThisDevice)",
    ]
  }

  func perform(_ action: Action) throws {
    error = nil
    switch action {
    case .signIn(let email, let password):
      world.withDevice(device) {
        Auth.auth().signIn(withEmail: email, password: password) { _, error in
          if error != nil { self.error = AuthFlowKit.AuthErrorCode(rawValue: "app/sign-in-failed") }
        }
      }
    case .signOut:
      world.withDevice(device) { try? Auth.auth().signOut() }
    case .refresh:
      // Outside any binding (as in a `Task.detached` or on a Dispatch queue): the device whose code ran last.
      unboundAuthIsThisDevice = Auth.auth() === world.auth(for: device)
    default:
      break
    }
  }
}
