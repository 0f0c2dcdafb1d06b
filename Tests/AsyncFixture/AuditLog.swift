/// An actor the demo app's tasks report to: each record is a hop off the main actor and back.
actor AuditLog {
  private(set) var entries: [String] = []

  /// Records `event` and returns its number, from 1.
  func record(_ event: String) -> Int {
    entries.append(event)
    return entries.count
  }
}
