import Foundation

/// What a command printed through a test's `CommandIO`, collected from any thread.
final class Printed: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""

  func append(_ line: String) { lock.withLock { text += line } }
  var value: String { lock.withLock { text } }
  func reset() { lock.withLock { text = "" } }
}
