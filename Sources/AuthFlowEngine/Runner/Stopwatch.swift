import AuthFlowLanguage

/// Measures how long a scenario takes on the wall clock, for the durations reports show.
///
/// Only the suite reads it, around each scenario: the virtual world never sees the wall clock, so transcripts
/// stay byte-identical. Production measures with `ContinuousClock`; tests and golden files use ``fixed(_:)``
/// so reports are byte-stable.
public struct Stopwatch: Sendable {
  /// Starts a measurement; the closure it returns gives the time elapsed since.
  private let start: @Sendable () -> @Sendable () -> Duration

  /// A stopwatch whose `start` begins a measurement and returns a closure that reads the time since.
  public init(start: @escaping @Sendable () -> @Sendable () -> Duration) {
    self.start = start
  }

  /// The wall clock (`ContinuousClock`).
  public static var continuous: Stopwatch {
    Stopwatch {
      let clock = ContinuousClock()
      let started = clock.now
      return { clock.now - started }
    }
  }

  /// Every measurement takes `duration`.
  public static func fixed(_ duration: Duration) -> Stopwatch {
    Stopwatch { { duration } }
  }

  /// `body`'s value and how long it took, in seconds.
  func time<T>(_ body: () -> T) -> (value: T, seconds: Double) {
    let elapsed = start()
    let value = body()
    return (value, Self.seconds(elapsed()))
  }

  /// Starts a measurement another thread may read: the closure gives the seconds elapsed since.
  func started() -> @Sendable () -> Double {
    let elapsed = start()
    return { Self.seconds(elapsed()) }
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
