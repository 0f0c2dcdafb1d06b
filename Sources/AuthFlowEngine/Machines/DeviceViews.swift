import AuthFlowLanguage

/// The devices of a scenario, as ``DeviceView``s.
public struct DeviceViews: RandomAccessCollection {
  let devices: [Device]
  let world: World

  /// The position of the first device: 0.
  public var startIndex: Int { 0 }
  /// One past the position of the last device.
  public var endIndex: Int { devices.count }
  /// The device at `position`, in the order `devices:` lists them.
  public subscript(position: Int) -> DeviceView { DeviceView(device: devices[position], world: world) }
}
