import Foundation
import Hummingbird

/// Runs an ``AuthServer`` from synchronous code (the command line) until SIGINT or SIGTERM.
public enum ServeRunner {
  /// Serves until a graceful shutdown; prints `authflow serve listening on http://HOST:PORT` once bound.
  /// Returns the exit status: 0 after a clean shutdown, 1 if the server could not start.
  public static func run(server: AuthServer, host: String, port: Int) -> Int32 {
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    Task {
      do {
        let app = server.application(host: host, port: port) { bound in
          let line = "authflow serve listening on http://\(host):\(bound) (project \(server.projectID))\n"
          FileHandle.standardOutput.write(Data(line.utf8))
        }
        try await app.runService()
      } catch {
        FileHandle.standardError.write(Data("authflow serve: \(error)\n".utf8))
        outcome.failed()
      }
      done.signal()
    }
    done.wait()
    return outcome.status
  }

  private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var code: Int32 = 0
    func failed() {
      lock.lock()
      code = 1
      lock.unlock()
    }
    var status: Int32 {
      lock.lock()
      defer { lock.unlock() }
      return code
    }
  }
}
