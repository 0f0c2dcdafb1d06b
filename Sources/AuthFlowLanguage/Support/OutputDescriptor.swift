#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// An open file descriptor written with `write(2)`, every byte checked: a short write is continued, an
/// interrupted one retried, and the first failure (a reader gone, a full disk, a closed descriptor) is kept,
/// after which nothing more is written. Standard output and error are two of these, shared by the process.
package final class OutputDescriptor: Sendable {
  package let descriptor: Int32
  /// What an error message calls it: `standard output`, or the path in quotes.
  let name: String
  private let failure = Mutex<OutputError?>(nil)

  package init(_ descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Writes all of `text`, unless an earlier write failed.
  package func write(_ text: String) {
    failure.withLock { failure in
      guard failure == nil else { return }
      var text = text
      let code = text.withUTF8 { Self.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
      if let code { failure = OutputError(target: name, errno: code) }
    }
  }

  /// Closes the descriptor; a failure to close (a delayed write error) is kept like a failed write.
  package func close() {
    failure.withLock { failure in
      if closeDescriptor(descriptor) != 0, failure == nil, errno != EINTR {
        failure = OutputError(target: name, errno: errno)
      }
    }
  }

  /// The first write or close that failed, if any.
  package var error: OutputError? { failure.withLock { $0 } }

  /// Writes every byte to `descriptor`; the `errno` of the call that failed, or nil.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    guard let base = bytes.baseAddress else { return nil }
    var offset = 0
    while offset < bytes.count {
      let count = writeBytes(descriptor, base + offset, bytes.count - offset)
      if count < 0 {
        switch errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK:
          // A descriptor someone else made non-blocking: wait until it takes more.
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        default: return errno
        }
      }
      if count == 0 { return EIO }
      offset += count
    }
    return nil
  }
}

/// `write(2)` and `close(2)`, named apart from the methods above.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
