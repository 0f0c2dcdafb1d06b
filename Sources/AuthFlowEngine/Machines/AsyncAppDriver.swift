import AuthFlowLanguage
/// What a run needs from the scheduler of an async machine's app (``AppScheduler``), without naming a type
/// that only newer platforms have.
protocol AsyncAppDriver: AnyObject {
  /// A problem the app ran into outside an action (it never went idle, say), as the step's error message.
  var fault: String? { get }
  /// Takes the process's executors for this run; sets ``fault`` when they cannot be had.
  func begin(owner: String)
  /// Gives the executors back, dropping whatever the app still had queued.
  func end()
  /// A new step starts: its wall-clock allowance starts now.
  func startStep()
  /// Runs the app's runnable work until none is left (timers stay set).
  func settle()
  /// The whole second at which the earliest timer falls due, if it falls due by the end of `target`'s second.
  func nextTimer(by target: VirtualTime) -> VirtualTime?
  /// Moves the clock to the earliest timer, fires it and settles the app, then calls `afterwards` (which
  /// writes what changed): a timer whose firing wrote nothing is counted instead of told.
  func fireNextTimer(_ afterwards: () -> Void)
  /// Writes the timers counted since the last line about timers, one line per task, at `index` of the
  /// transcript (where the lines written since they fired begin, so time order holds).
  func flushQuietTimers(before index: Int)
  /// The runner is about to do `device`'s client work itself (a scheduled token refresh, going back online),
  /// which may call the app's listeners: the app's `UserDefaults` must be that device's.
  func clientWorkStarts(on device: String)
  /// `device`'s app went to the background: iOS suspends it, so the timers it sets wait until it comes back.
  func appWentToBackground(on device: String)
  /// `device`'s app is in the foreground again (or launched): the timers that fell due meanwhile fire now.
  func appCameToForeground(on device: String)
}
