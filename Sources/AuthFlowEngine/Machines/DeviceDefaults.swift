import Foundation

/// `UserDefaults.standard` as each device's app sees it, where app code keeps small things between launches (the
/// email a sign-in link was sent to, a flag for the first launch).
///
/// A scenario's devices are new installs: each async-machine scenario starts with the store empty, so nothing a
/// previous scenario, or a previous run of the command, stored there (Linux keeps it in a file under
/// `~/.config`) changes what this one does. And each device has a store of its own, as each phone has: the
/// process has one `UserDefaults.standard`, so when the work that runs next is another device's app, what the
/// last device's app stored is set aside and the next device's put back. A sign-in link sent from the phone and
/// opened on the laptop does not find the email the phone's app stored.
///
/// Registered defaults (`register(defaults:)`) are the process's and stay, as every device's app registers them
/// again at launch anyway. Only the driving thread uses this, between jobs. Blocks the app queued on
/// `DispatchQueue.main` run with the store of the device whose work ran last, usually the one that queued them.
final class DeviceDefaults {
  /// The device whose values `UserDefaults.standard` holds now, the one whose work ran last; nil before any
  /// device's app ran.
  private(set) var owner: String?
  /// The values of the other devices' apps, set aside until their work runs again.
  private var setAside: [String: [String: Any]] = [:]

  /// Empties the store for a new scenario: every value removed, no device's set aside.
  func reset() {
    owner = nil
    setAside = [:]
    Self.removeAll(from: .standard)
  }

  /// Makes `UserDefaults.standard` hold `device`'s values, setting aside those of the device that ran last.
  func activate(_ device: String) {
    guard device != owner else { return }
    defer { owner = device }
    // The first device to run takes the store as the scenario's start left it: empty.
    guard let previous = owner else { return }
    let defaults = UserDefaults.standard
    // Registered values come too, harmlessly: the device read them as they are.
    let stored = Self.removeAll(from: defaults)
    setAside[previous] = stored.isEmpty ? nil : stored
    // In key order, so whatever a change of the store tells observers comes in one order on every run.
    let values = setAside.removeValue(forKey: device) ?? [:]
    for key in values.keys.sorted() { defaults.set(values[key], forKey: key) }
  }

  /// Removes every value stored in `defaults`, returning what it held (registered values included).
  @discardableResult
  private static func removeAll(from defaults: UserDefaults) -> [String: Any] {
    let values = defaults.dictionaryRepresentation()
    for key in values.keys.sorted() { defaults.removeObject(forKey: key) }
    return values
  }
}
