import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The project's tenants (Identity Platform multi-tenancy): each tenant's configuration and its own world —
/// its accounts, sessions, codes and outboxes, apart from the project's and every other tenant's.
///
/// A tenant's world reads the project's clock: it starts at the project's current time and every
/// `clock:advance` moves all of them together. Its generator is seeded from the server's seed and the tenant's
/// id, so a run is the same every time.
final class TenantDirectory: @unchecked Sendable {
  private let lock = NSLock()
  private var tenants: [String: (config: TenantConfig, world: ServedWorld)] = [:]
  /// Tenants deleted since the server last started over: they stay gone (`TENANT_NOT_FOUND`) rather than being
  /// made again the next time a request names them.
  private var deleted: Set<String> = []

  /// Whether tenant `id` was deleted.
  func wasDeleted(_ id: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return deleted.contains(id)
  }

  /// The tenant's configuration and world, if it exists.
  func tenant(_ id: String) -> (config: TenantConfig, world: ServedWorld)? {
    lock.lock()
    defer { lock.unlock() }
    return tenants[id]
  }

  /// Every tenant id, in order.
  var ids: [String] {
    lock.lock()
    defer { lock.unlock() }
    return tenants.keys.sorted()
  }

  /// Every tenant's world (for moving the clock).
  var worlds: [ServedWorld] {
    lock.lock()
    defer { lock.unlock() }
    return tenants.keys.sorted().compactMap { tenants[$0]?.world }
  }

  /// Adds tenant `id` with `config`, its world beside `project`'s; an existing tenant is kept as it is.
  @discardableResult
  func add(_ id: String, config: TenantConfig, project: ServedWorld) -> (
    config: TenantConfig, world: ServedWorld
  ) {
    lock.lock()
    defer { lock.unlock() }
    if let existing = tenants[id] { return existing }
    let world = ServedWorld(
      settings: config.settings(inheriting: project.settings), given: Given(now: project.now),
      seed: Self.seed(project.seedValue, id))
    tenants[id] = (config, world)
    return (config, world)
  }

  /// Replaces tenant `id`'s configuration and the knobs of its world; nil if there is no such tenant.
  func update(_ id: String, project: ServedWorld, _ change: (inout TenantConfig) -> Void) -> TenantConfig? {
    lock.lock()
    defer { lock.unlock() }
    guard var entry = tenants[id] else { return nil }
    change(&entry.config)
    entry.world.setSettings(entry.config.settings(inheriting: project.settings))
    tenants[id] = entry
    return entry.config
  }

  /// Removes tenant `id` and its accounts, for good; false if there was no such tenant.
  func remove(_ id: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard tenants.removeValue(forKey: id) != nil else { return false }
    deleted.insert(id)
    return true
  }

  /// Removes every tenant (a new `given`: the server starts over, and deleted ids may be named again).
  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    tenants = [:]
    deleted = []
  }

  /// A tenant's seed: the server's, mixed with the tenant id (FNV-1a), so tenants draw different uids and tokens.
  static func seed(_ base: UInt64, _ id: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return base ^ hash
  }
}
