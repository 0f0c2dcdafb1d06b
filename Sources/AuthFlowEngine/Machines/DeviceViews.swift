import AuthFlowLanguage

/// The devices of a scenario, as ``DeviceView``s.
public struct DeviceViews: RandomAccessCollection {
  let devices: [Device]
  let world: World

  public var startIndex: Int { 0 }
  public var endIndex: Int { devices.count }
  public subscript(position: Int) -> DeviceView { DeviceView(device: devices[position], world: world) }
}
