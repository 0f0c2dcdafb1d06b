import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// A listener handle, as `addStateDidChangeListener` returns it.
public typealias AuthStateDidChangeListenerHandle = NSObjectProtocol
/// A listener handle, as `addIDTokenDidChangeListener` returns it.
public typealias IDTokenDidChangeListenerHandle = NSObjectProtocol

/// FirebaseAuth's entry point, for one device of a ``FirebaseWorld``: sign-in methods, the current user,
/// action codes and listeners, backed by the device's auth client so every production rule the world models
/// applies.
///
/// Async members do the world's synchronous call and return: nothing really waits. Under a scenario run of an
/// async machine, completion handlers and listeners are called on the main actor, a completion handler after the
/// code that follows its call, as the SDK calls them later on the main thread; in a plain test they are called
/// before the call that caused them returns. A listener also hears of token refreshes the clock brings.
open class Auth: NSObject, @unchecked Sendable {
  let firebaseWorld: FirebaseWorld
  let client: AuthClient
  /// What binds this instance to a task (``CurrentAuth/bound``): one weak reference for every binding.
  let binding = CurrentAuth.Binding()
  /// The current user object; the same object while the same user stays signed in, as in the SDK.
  private(set) var user: User?
  /// The user the last call left signed in, read before the listeners its change wakes run: what its result
  /// hands over. A listener may sign out at once (an app that lets no unverified user in); the SDK hands the
  /// result over first and runs the listeners later, so the call still succeeds with its user.
  private var userAfterCall: User?
  private var listeners: [Listener] = []
  /// What the ID-token listeners were last told.
  private var lastNotified: SessionKey
  private var notificationPending = false
  /// Whether listeners are being told of a change now: one they cause waits for the round to end.
  private var isDelivering = false
  /// Whether the app that held this instance was terminated: a listener's queued first call does not come.
  private var isTerminated = false

  /// The language of emails and SMS; recorded only.
  open var languageCode: String?
  /// The instance's settings.
  open var settings: AuthSettings? = AuthSettings()
  /// The keychain access group; the world keeps sessions per device, not in a keychain.
  public internal(set) var userAccessGroup: String?
  /// Whether the session is shared through iCloud keychain; recorded only.
  open var shareAuthStateAcrossDevices = false
  /// The tenant the app signs users in to (Identity Platform multi-tenancy); nil for the project itself. A
  /// scenario's world is the one tenant (or project) the app uses: its accounts are that tenant's, and a user
  /// signed in while this is set carries it as ``User/tenantID``.
  open var tenantID: String?
  /// The domain of sign-in redirects; recorded only.
  open var customAuthDomain: String?
  /// What ``setAPNSToken(_:type:)`` was given.
  var storedAPNSToken: Data?

  /// The notification posted, with the instance as its object, when the signed-in user or their ID token
  /// changes: when the ID-token listeners are called.
  public static let authStateDidChangeNotification = Notification.Name("FIRAuthStateDidChangeNotification")

  init(world: FirebaseWorld, client: AuthClient) {
    firebaseWorld = world
    self.client = client
    lastNotified = SessionKey(uid: client.currentUser?.uid, token: client.currentIDToken?.value)
    super.init()
    binding.auth = self
    syncUser()
    client.sessionObserver = { [weak self] in self?.sessionDidChange() }
  }

  /// The instance of the device the calling code runs for: the one ``FirebaseWorld/withDevice(_:_:)`` bound to
  /// this task, else ``FirebaseWorld/currentDevice``.
  ///
  /// Outside any world it is an instance that belongs to none: no user is signed in to it, and every call on it
  /// fails with ``AuthErrorCode/internalError``, whose description names the fix (the first call on it, or the
  /// first listener added to it, also says so on standard error; removing one, as a `deinit` does, works). The SDK stops the program when no `FirebaseApp` is configured; a test
  /// that forgot its world fails with the reason instead, and the tests after it still run.
  open class func auth() -> Auth { CurrentAuth.resolve() ?? outsideAnyWorld }

  /// The instance for `app`: the device's, as ``auth()`` (only the default app is modelled, ``FirebaseApp``).
  open class func auth(app: FirebaseApp) -> Auth { auth() }

  /// The app this instance belongs to: the world's default app.
  public var app: FirebaseApp? { FirebaseApp.app() }

  /// What ``auth()`` returns outside any world.
  private static let outsideAnyWorld: Auth = {
    let auth = FirebaseWorld().auth(for: "phone")
    auth.isOutsideAnyWorld = true
    return auth
  }()

  /// Says ``outsideAnyWorldMessage`` on standard error, once per process: when code first calls the backend
  /// or adds a listener outside any world, not when it only removes one (a view model's `deinit`, which runs
  /// outside its device, and which works).
  private static let warnOutsideAnyWorld: Void = {
    FileHandle.standardError.write(Data(("authflow: " + outsideAnyWorldMessage + "\n").utf8))
  }()

  /// Whether this is the instance ``auth()`` gives code outside any world. Set once, before it is shared.
  private(set) var isOutsideAnyWorld = false

  static let outsideAnyWorldMessage =
    "Auth.auth() was called outside an authflow world, so every call on the instance it returned fails. Create "
    + "a FirebaseWorld and run the code inside world.withDevice(\"phone\") { … }, or set world.currentDevice = "
    + "\"phone\"; a scenario run binds each device's code for you."

  /// The signed-in user, nil when signed out.
  public var currentUser: User? { firebaseWorld.locked { user } }

  /// The signed-in user's uid.
  open func getUserID() -> String? { currentUser?.uid }

  /// The signed-in user's ID token (refreshed first when asked or when due), nil when signed out: what other
  /// Firebase SDKs ask `Auth` for.
  public func getToken(
    forcingRefresh forceRefresh: Bool, completion callback: @escaping (String?, Error?) -> Void
  ) {
    guard let user = currentUser else { return callback(nil, nil) }
    user.getIDTokenForcingRefresh(forceRefresh, completion: callback)
  }

  /// Sets ``languageCode`` to the app's language: `en`, whatever the machine's locale, so runs agree across
  /// machines; recorded only.
  open func useAppLanguage() { languageCode = "en" }

  /// The emulator's address: a no-op, as the world is always in use.
  open func useEmulator(withHost host: String, port: Int) {}

  // MARK: - Calling the world

  /// Runs a client call under the world's lock and turns its error into the SDK's `NSError`. A sign-in that
  /// waits for a second factor (`secondFactorRequired`) carries its ``MultiFactorResolver`` under
  /// ``AuthErrors/userInfoMultiFactorResolverKey``.
  func perform<T>(
    _ body: () throws(AuthFlowLanguage.AuthErrorCode) -> T,
    userInfo: (AuthFlowLanguage.AuthErrorCode) -> [String: Any] = { _ in [:] }
  ) throws -> T {
    guard !isOutsideAnyWorld else {
      Self.warnOutsideAnyWorld
      throw AuthErrorUtils.error(.internalError, message: Self.outsideAnyWorldMessage)
    }
    return try firebaseWorld.locked { () throws(NSError) -> T in
      do throws(AuthFlowLanguage.AuthErrorCode) {
        let result = try body()
        syncUser()
        userAfterCall = user
        return result
      } catch {
        syncUser()
        var info = userInfo(error)
        if error == .weakPassword {
          // The service's reason, which the SDK passes on as the failure reason (FirebaseUI shows it).
          let minimum = firebaseWorld.world.settings.passwordMinLength
          info[NSLocalizedFailureReasonErrorKey] = "Password should be at least \(minimum) characters"
        }
        if error == .networkRequestFailed {
          info[NSUnderlyingErrorKey] = AuthErrorUtils.urlError(offline: !client.isOnline)
        }
        if error == .multiFactorAuthRequired, let challenge = client.pendingMultiFactor {
          info[AuthErrors.userInfoMultiFactorResolverKey] = MultiFactorResolver(
            auth: self, challenge: challenge)
        }
        throw AuthErrorUtils.error(error, userInfo: info)
      }
    }
  }

  /// Runs `body` and calls `completion` with its outcome, when the SDK would (see ``Completion``).
  func complete<T>(_ completion: ((T?, Error?) -> Void)?, _ body: @escaping () throws -> T) {
    Completion.call(completion, body)
  }

  /// Runs `body` and calls `completion` with its error, when the SDK would (see ``Completion``).
  func complete(_ completion: ((Error?) -> Void)?, _ body: @escaping () throws -> Void) {
    Completion.call(completion, body)
  }

  // MARK: - The current user

  /// Makes ``currentUser`` follow the client: updated in place for the same uid, a new object for another.
  func syncUser() {
    guard let cached = client.currentUser else {
      user = nil
      return
    }
    let account = client.currentAccount?.uid == cached.uid ? client.currentAccount : nil
    if let user, user.accountUID == cached.uid {
      user.update(cached, account: account)
    } else {
      user = User(auth: self, cached: cached, account: account)
    }
  }

  /// The user object for the result of the call just made: the user it left signed in, whatever its listeners
  /// did since.
  func signedInUser() throws -> User {
    guard let user = userAfterCall else { throw AuthErrorUtils.error(.nullUser) }
    return user
  }

  // MARK: - Listeners

  private func sessionDidChange() {
    syncUser()
    notificationPending = true
    firebaseWorld.locked {}
  }

  /// Tells the listeners what changed since they last heard; the world calls this when its outermost call ends.
  ///
  /// A listener may call in again (sign out at once): that change waits until every listener heard this one, as
  /// the SDK's next notification waits on the main queue, then makes a round of its own; what the call that
  /// woke them hands over stays its own.
  func deliverPendingNotifications() {
    guard notificationPending, !isDelivering else { return }
    isDelivering = true
    let handedOver = userAfterCall
    defer {
      isDelivering = false
      userAfterCall = handedOver
    }
    while notificationPending {
      notificationPending = false
      let key = SessionKey(uid: user?.accountUID, token: client.currentIDToken?.value)
      let tokenChanged = key != lastNotified
      lastNotified = key
      if tokenChanged { postAuthStateDidChange() }
      for listener in listeners where listeners.contains(where: { $0 === listener }) {
        if listener.firstCallPending {
          callAfterFirstCall(listener, tokenChanged: tokenChanged)
        } else {
          tell(listener, tokenChanged: tokenChanged)
        }
      }
    }
  }

  /// Tells a listener of a change as the SDK's notification does: an ID-token listener of a new token, with the
  /// user now; a state listener if the user now is not the one it last heard (after a listener signed out,
  /// the ones after it have heard that already, and are not told of a user who is gone).
  private func tell(_ listener: Listener, tokenChanged: Bool) {
    switch listener.kind {
    case .idToken:
      if tokenChanged { call(listener) }
    case .state:
      let uid = user?.accountUID
      if listener.lastUID != uid {
        listener.lastUID = uid
        call(listener)
      }
    }
  }

  /// Registers a listener for sign-in, sign-out and a change of user. It is called once with the current user
  /// (under a scenario run once the main actor's earlier work ran, as the SDK calls it later on the main queue;
  /// in a plain test before this returns), then on each change, until removed.
  @discardableResult
  open func addStateDidChangeListener(_ listener: @escaping (Auth, User?) -> Void) -> NSObjectProtocol {
    add(Listener(kind: .state, callback: listener))
  }

  /// Removes a listener ``addStateDidChangeListener(_:)`` returned.
  open func removeStateDidChangeListener(_ listenerHandle: NSObjectProtocol) { remove(listenerHandle) }

  /// Registers a listener for sign-in, sign-out, a change of user and each new ID token (refreshes
  /// included). It is called once with the current user (when, as for ``addStateDidChangeListener(_:)``), then
  /// on each change, until removed.
  @discardableResult
  open func addIDTokenDidChangeListener(_ listener: @escaping (Auth, User?) -> Void) -> NSObjectProtocol {
    add(Listener(kind: .idToken, callback: listener))
  }

  /// Removes a listener ``addIDTokenDidChangeListener(_:)`` returned.
  open func removeIDTokenDidChangeListener(_ listenerHandle: NSObjectProtocol) { remove(listenerHandle) }

  private func add(_ listener: Listener) -> NSObjectProtocol {
    if isOutsideAnyWorld { Self.warnOutsideAnyWorld }
    listener.owner = self
    firebaseWorld.locked {
      // Before it is in the list: a change another thread makes meanwhile queues behind the first call.
      listener.firstCallPending = true
      listeners.append(listener)
      noteWhetherRefreshesAreHeard()
    }
    // The SDK makes the first call later, on the main queue, with the user as it is then: the app holds the
    // handle before it comes (a listener that removes itself on its first call), and an initialiser that
    // registers it runs to its end first. Under a scenario run a main-actor task queued behind the work already
    // queued does the same, and the changes it would hear meanwhile queue behind it; a plain test has no main
    // queue to wait for, so the call comes at once.
    if !MainActorDelivery.deliverLater({ [self] in firstCall(listener) }) { firstCall(listener) }
    return listener
  }

  /// A listener's first call: with the current user, whatever it heard before.
  private func firstCall(_ listener: Listener) {
    firebaseWorld.locked {
      guard !isTerminated else { return }
      listener.firstCallPending = false
      listener.lastUID = user?.accountUID
      call(listener)
    }
  }

  /// A change for a listener whose first call is still queued: queued behind it, and decided when it comes, as
  /// the SDK's notification is (an ID-token listener is called with the user then, a state listener if the user
  /// is not the one it last heard).
  private func callAfterFirstCall(_ listener: Listener, tokenChanged: Bool) {
    _ = MainActorDelivery.deliverLater { [self] in
      firebaseWorld.locked {
        guard !isTerminated, listeners.contains(where: { $0 === listener }) else { return }
        tell(listener, tokenChanged: tokenChanged)
      }
    }
  }

  /// Tells the client whether an ID-token listener hears every refresh, so a `wait` runs each one.
  private func noteWhetherRefreshesAreHeard() {
    client.refreshesAreHeard = listeners.contains { $0.kind == .idToken }
  }

  /// Calls a listener on the main actor, as the SDK does (see `MainActorDelivery`), with `Auth.auth()` returning
  /// this instance inside it: a change the world makes on its own (a session revoked during `wait`) reaches the
  /// listener outside any code bound to a device.
  private func call(_ listener: Listener) {
    let user = user
    MainActorDelivery.deliver {
      CurrentAuth.$bound.withValue(self.binding) { listener.callback(self, user) }
    }
  }

  /// Posts ``authStateDidChangeNotification`` on the main actor, as the SDK posts it on the main thread.
  private func postAuthStateDidChange() {
    MainActorDelivery.deliver {
      CurrentAuth.$bound.withValue(self.binding) {
        NotificationCenter.default.post(name: Auth.authStateDidChangeNotification, object: self)
      }
    }
  }

  private func remove(_ handle: NSObjectProtocol) {
    // A process has one `Auth` in production, so a handle is removed through whichever instance code holds: a
    // view model's `deinit` runs outside its device (`Auth.auth()` is then another instance), and still removes
    // its listener.
    if let listener = handle as? Listener, let owner = listener.owner, owner !== self {
      owner.remove(handle)
      return
    }
    firebaseWorld.locked {
      listeners.removeAll { $0 === handle }
      noteWhetherRefreshesAreHeard()
    }
  }

  /// The app that held this instance was terminated: no listener of it hears anything again, and the
  /// session's changes no longer reach it.
  func appDidTerminate() {
    isTerminated = true
    listeners = []
    client.refreshesAreHeard = false
    notificationPending = false
    client.sessionObserver = nil
  }
}

/// Who is signed in with which ID token: what the listeners compare.
struct SessionKey: Equatable {
  var uid: String?
  var token: String?
}

/// A registered listener; the object is also its handle.
final class Listener: NSObject, @unchecked Sendable {
  enum Kind { case state, idToken }
  let kind: Kind
  let callback: (Auth, User?) -> Void
  /// The uid a state listener was last called with.
  var lastUID: String?
  /// Whether its first call is still queued (under a scenario run, until the main actor's earlier work ran).
  var firstCallPending = false
  /// The instance it was added to, which removing it through another instance reaches.
  weak var owner: Auth?

  init(kind: Kind, callback: @escaping (Auth, User?) -> Void) {
    self.kind = kind
    self.callback = callback
  }
}

extension Notification.Name {
  // swift-format-ignore: AlwaysUseLowerCamelCase
  /// ``Auth/authStateDidChangeNotification`` under its Objective-C era name (`FIRAuthStateDidChangeNotification`).
  public static let AuthStateDidChange = Auth.authStateDidChangeNotification
}
