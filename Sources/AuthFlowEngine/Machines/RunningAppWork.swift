/// What an async machine's run knows of the app code running now.
package enum RunningAppWork {
  /// The device whose app's work the running job is, while a run drives on the calling thread; nil otherwise.
  /// A task the app detached inherits no binding to its device, but its jobs are known by the work that
  /// started them.
  package static var device: String? {
    guard #available(macOS 26.4, iOS 26.4, tvOS 26.4, watchOS 26.4, visionOS 26.4, *) else { return nil }
    return AppJobQueue.shared.deviceOfRunningJob
  }
}
