import AuthFlowLanguage
import Foundation

extension AdapterProcess {
  /// `posix_spawn`s `/bin/sh -c command` with the given descriptors as its standard input, output and error,
  /// and authflow's environment with `setting` (`NAME=value`) added.
  static func spawnShell(_ command: String, stdin: Int32, stdout: Int32, stderr: Int32, setting: String)
    throws(AdapterProblem) -> pid_t
  {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    closeFrom3(&actions)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group, so stopping it also stops what the shell started; SIGPIPE, the signals that
    // stop authflow and the signal mask back to their defaults, whatever the harness set for itself (an
    // ignored SIGTERM would be inherited).
    var flags = Int32(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    #if canImport(Darwin)
      flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE] + AdapterGroups.stoppingSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)

    let words: [String] = ["/bin/sh", "-c", command]
    let arguments = words.map { strdup($0) }
    defer { for argument in arguments { free(argument) } }
    var pid = pid_t()
    let name = setting.prefix { $0 != "=" } + "="
    var inherited: [UnsafeMutablePointer<CChar>?] = []
    var entry = environ
    while let variable = entry.pointee {
      if !String(cString: variable).hasPrefix(name) { inherited.append(variable) }
      entry += 1
    }
    let added = strdup(setting)
    defer { free(added) }
    let status = posix_spawn(
      &pid, "/bin/sh", &actions, &attributes, arguments + [nil], inherited + [added, nil])
    guard status == 0 else { throw .cannotStart(reason: String(cString: strerror(status))) }
    return pid
  }

  #if canImport(Darwin)
    static func closeFrom3(_ actions: inout posix_spawn_file_actions_t?) {}
  #else
    /// Closes every other descriptor in the child (glibc 2.34+), so an adapter never holds another one's pipes.
    static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
      typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }
  #endif

  /// A pipe whose ends close on exec, set atomically where the system allows (`pipe2`), so an adapter
  /// spawned on another thread never inherits them and keeps this adapter's output open. Both ends are
  /// above 2, so wiring them to the child's standard descriptors cannot clobber one another.
  static func makePipe() throws(AdapterProblem) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    var created = false
    #if canImport(Glibc)
      typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
      if let symbol = dlsym(nil, "pipe2") {
        guard unsafeBitCast(symbol, to: Pipe2.self)(&fds, O_CLOEXEC) == 0 else {
          throw .cannotStart(reason: "pipe: \(String(cString: strerror(errno)))")
        }
        created = true
      }
    #endif
    if !created {
      guard pipe(&fds) == 0 else { throw .cannotStart(reason: "pipe: \(String(cString: strerror(errno)))") }
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    for index in fds.indices where fds[index] < 3 {
      let moved = fcntl(fds[index], F_DUPFD_CLOEXEC, 3)
      close(fds[index])
      fds[index] = moved
    }
    guard fds.allSatisfy({ $0 >= 3 }) else {
      closeAll(fds)
      throw .cannotStart(reason: "pipe: \(String(cString: strerror(errno)))")
    }
    return (fds[0], fds[1])
  }

  static func closeAll(_ fds: [Int32]) {
    for fd in fds where fd >= 0 { close(fd) }
  }
}
