import AuthFlowLanguage

/// The token refreshes one `wait` counts instead of running one by one.
///
/// While a `wait` runs nothing happens but scheduled work, and the backend cannot change in between: once a
/// device's scheduled refresh would go through without the app hearing of it, so would every later one of that
/// quiet stretch, one `period` apart. Each such device is entered here with its first due time; its refreshes
/// are then counted with arithmetic when the stretch ends (the wait ends, or another device's refresh is one the
/// app hears of), so a wait costs the same whatever its length.
///
/// The wait's order is the one refreshes run in: by time, and at the same time by the device's place in the
/// scenario's `devices`. ``Fold/position`` places each device's last refresh in that order, so the seeded
/// generator can give it the ID token it would have had if every refresh had run.
struct QuietRefreshes {
  /// How long after a refresh the next one is due: `id_token_ttl` less the client's refresh margin.
  let period: VirtualDuration
  /// The first due time of each device in the stretch, by its index in the run's devices.
  private(set) var starts: [Int: VirtualTime] = [:]

  /// A moment in the wait's order.
  struct Moment {
    var time: VirtualTime
    /// The device's index; refreshes of devices listed earlier come first at the same time.
    var index: Int
  }

  /// One device's refreshes in a stretch.
  struct Fold: Equatable {
    var index: Int
    var count: Int
    var first: VirtualTime
    var last: VirtualTime
    /// How many refreshes (of any device) of the stretch come before this device's last one.
    var position: Int
  }

  init(period: VirtualDuration) { self.period = period }

  /// Whether refreshes can be counted: a token that is due again the moment it is refreshed (`id_token_ttl` of
  /// 5 minutes or less) is refreshed once per wait, and runs as any other work.
  var counts: Bool { period.seconds > 0 }

  func contains(_ index: Int) -> Bool { starts[index] != nil }

  mutating func add(_ index: Int, dueAt time: VirtualTime) { starts[index] = time }

  /// The devices' refreshes that come before `moment`, in the order their last ones run, and how many in all.
  func folds(before moment: Moment) -> (folds: [Fold], total: Int) {
    var folds: [Fold] = []
    var total = 0
    for (index, first) in starts {
      let count = refreshes(index, from: first, before: moment)
      guard count > 0 else { continue }
      total += count
      let last = first + VirtualDuration(seconds: Int64(count - 1) * period.seconds)
      let position = starts.reduce(0) { sum, other in
        sum + refreshes(other.key, from: other.value, before: Moment(time: last, index: index))
      }
      folds.append(Fold(index: index, count: count, first: first, last: last, position: position))
    }
    return (folds.sorted { $0.position < $1.position }, total)
  }

  /// How many refreshes of device `index`, the first at `first`, come before `moment`: at an earlier time, or
  /// at its time for a device listed earlier.
  private func refreshes(_ index: Int, from first: VirtualTime, before moment: Moment) -> Int {
    guard counts, first <= moment.time else { return 0 }
    let span = (moment.time - first).seconds
    let atTheMoment = span % period.seconds == 0 && index >= moment.index
    return Int(span / period.seconds) + (atTheMoment ? 0 : 1)
  }
}
