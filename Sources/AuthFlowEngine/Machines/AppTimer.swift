import AuthFlowLanguage
/// A job app code asked to run later (`Task.sleep`, a clock's sleep), due at a time on the virtual clock.
@available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *)
struct AppTimer: @unchecked Sendable {
  /// When it is due, as virtual time since 1970.
  var due: Duration
  /// Its place among the timers set so far: of two due at the same time, the one set first fires first.
  var number: Int
  var job: UnownedJob
  /// The name of the task that set it (`Task(name:)`), if it has one.
  var setBy: String?
  /// The device whose app set it (``AppJobQueue/device``), if known: its timers wait while it is in the
  /// background.
  var device: String?
}
