#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// Output that could not be written: where to, and the system's reason (`no space left on device`).
public struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `standard output`, or a path in quotes.
  public var target: String
  /// The system's reason, as `strerror` says it.
  public var reason: String

  /// Writing to `target` failed for `reason`.
  public init(target: String, reason: String) {
    self.target = target
    self.reason = reason
  }

  /// The failed call's `errno`, for `target`.
  package init(target: String, errno code: Int32) {
    self.init(target: target, reason: String(cString: strerror(code)).lowercased())
  }

  /// `cannot write TARGET: REASON`.
  public var description: String { "cannot write \(target): \(reason)" }
}
