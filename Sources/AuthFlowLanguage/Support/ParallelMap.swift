import Dispatch
import Foundation

/// `map` on up to `jobs` threads, results in input order: the same answer as a plain `map`, sooner.
enum ParallelMap {
  static func map<Element: Sendable, Mapped: Sendable>(
    _ elements: [Element], jobs: Int, _ transform: @escaping @Sendable (Element) -> Mapped
  ) -> [Mapped] {
    let workers = min(jobs, elements.count)
    guard workers > 1 else { return elements.map(transform) }
    let slots = Slots<Mapped>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = slots.claim() {
        slots.put(transform(elements[index]), at: index)
      }
    }
    return slots.values()
  }
}

/// The results of a parallel map. `@unchecked Sendable` because every stored property is read and written
/// only while `lock` is held.
private final class Slots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private var slots: [Value?]

  init(count: Int) {
    slots = Array(repeating: nil, count: count)
  }

  /// The next index to work on, or nil when every one has been claimed.
  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  func put(_ value: Value, at index: Int) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  /// Every value, in order; call after every worker has finished.
  func values() -> [Value] {
    lock.lock()
    defer { lock.unlock() }
    return slots.compactMap { $0 }
  }
}
