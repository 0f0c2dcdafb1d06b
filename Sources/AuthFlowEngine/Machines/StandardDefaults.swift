import Foundation

/// `UserDefaults.standard`, where app code keeps small things between launches (the email a sign-in link was
/// sent to, a flag for the first launch). A scenario's devices are new installs, so each async-machine scenario
/// starts with it empty: nothing a previous scenario, or a previous run of the command, stored there (Linux keeps
/// it in a file under `~/.config`) changes what this one does. Registered defaults (`register(defaults:)`)
/// stay, as the app registers them again at launch anyway.
enum StandardDefaults {
  /// Removes every value stored in `UserDefaults.standard`.
  static func clear() {
    let defaults = UserDefaults.standard
    for key in defaults.dictionaryRepresentation().keys { defaults.removeObject(forKey: key) }
  }
}
