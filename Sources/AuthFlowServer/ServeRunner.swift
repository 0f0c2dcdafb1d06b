import AuthFlowEngine
import AuthFlowLanguage
import AuthFlowTools
import Foundation
import Hummingbird
import NIOCore

/// Runs an ``AuthServer`` from synchronous code (the command line) until SIGINT or SIGTERM.
public enum ServeRunner {
  /// What stopped the server from starting, in the user's terms where the cause is a common one.
  static func describe(_ error: any Error, host: String, port: Int) -> String {
    guard let error = error as? IOError else { return "\(error)" }
    switch error.errnoCode {
    case EADDRINUSE:
      return
        "cannot listen on \(host):\(port): the address is in use (another server, an earlier authflow serve "
        + "say, has it); pick another --port, or --port 0 for any free one"
    case EADDRNOTAVAIL:
      return "cannot listen on \(host):\(port): this machine has no such address; try --host 127.0.0.1"
    case EACCES:
      return "cannot listen on \(host):\(port): permission denied (ports below 1024 need privileges)"
    default:
      return "\(error)"
    }
  }

  /// How long in-flight requests get to finish after the first SIGINT or SIGTERM; then the server closes
  /// their connections and exits, even while a client is still sending a request body.
  public static let shutdownGrace = Duration.seconds(5)
  /// How long closing the server may take after the grace, before the process exits anyway.
  static let closingGrace = Duration.seconds(1)

  /// Serves until SIGINT or SIGTERM; prints `authflow serve listening on http://HOST:PORT` once bound.
  /// The first signal stops accepting connections and gives in-flight requests ``shutdownGrace``; a second
  /// one stops at once. Returns the exit status: 0 after a signal, 1 if the server could not start.
  public static func run(server: AuthServer, host: String, port: Int) -> Int32 {
    // Checked writes: a failed one is kept and turns the command's exit status into 2 when it finishes.
    let io = CommandIO.standard
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let serving = Task {
      do {
        let app = server.application(host: host, port: port) { bound in
          let line = "authflow serve listening on http://\(host):\(bound) (project \(server.projectID))\n"
          io.out(line)
        }
        // Hummingbird's service group shuts down gracefully on the first signal, but then waits for every
        // in-flight request however long it takes and ignores further signals: `Stopping` bounds that.
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
      } catch {
        if !outcome.stopping {
          io.err("authflow serve: \(Self.describe(error, host: host, port: port))\n")
          outcome.failed()
        }
      }
      done.signal()
    }
    let stopping = Stopping(outcome: outcome) { serving.cancel() }
    done.wait()
    withExtendedLifetime(stopping) {}
    return outcome.status
  }

  /// Watches SIGINT and SIGTERM next to the service group: the first arms a deadline after which the server
  /// is cancelled (closing every connection), and exits the process if even that does not end it; the
  /// second exits at once.
  private final class Stopping: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(outcome: Outcome, cancel: @escaping @Sendable () -> Void) {
      let queue = DispatchQueue(label: "authflow-serve-signals")
      sources = [SIGTERM, SIGINT].map { number in
        #if canImport(Darwin)
          // Dispatch delivers signals through kqueue there, below `signal`: the default action must go.
          signal(number, SIG_IGN)
        #endif
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler {
          guard outcome.stop() else { exit(0) }
          queue.asyncAfter(deadline: .now() + ServeRunner.shutdownGrace.timeInterval) { cancel() }
          queue.asyncAfter(
            deadline: .now() + (ServeRunner.shutdownGrace + ServeRunner.closingGrace).timeInterval
          ) { exit(0) }
        }
        source.resume()
        return source
      }
    }

    deinit { sources.forEach { $0.cancel() } }
  }

  private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var code: Int32 = 0
    private var signalled = false
    func failed() { lock.withLock { code = 1 } }
    /// Records a stopping signal; false when one came before.
    func stop() -> Bool {
      lock.withLock {
        defer { signalled = true }
        return !signalled
      }
    }
    var stopping: Bool { lock.withLock { signalled } }
    var status: Int32 { lock.withLock { code } }
  }
}

extension Duration {
  fileprivate var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
