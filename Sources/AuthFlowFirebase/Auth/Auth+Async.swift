import Foundation

/// FirebaseAuth 12's async sequences of the listeners: `for await user in Auth.auth().authStateChanges { … }`.
/// Each iterator registers its own listener when it is made and removes it when the iteration ends, so it hears
/// the current user first, then every change, as the listener would.
extension Auth {
  /// The signed-in user now and after each sign-in, sign-out and change of user (nil when signed out).
  public var authStateChanges: AuthStateChangesSequence { AuthStateChangesSequence(self) }

  /// The signed-in user now and after each change ``addIDTokenDidChangeListener(_:)`` hears of, token refreshes
  /// included.
  public var idTokenChanges: IDTokenChangesSequence { IDTokenChangesSequence(self) }

  /// The users ``addStateDidChangeListener(_:)`` would be called with, as an async sequence.
  public struct AuthStateChangesSequence: AsyncSequence, @unchecked Sendable {
    /// The signed-in user, nil when signed out.
    public typealias Element = User?
    /// The sequence never fails.
    public typealias Failure = Never
    /// The iterator.
    public typealias AsyncIterator = Iterator

    private let auth: Auth

    /// The sequence of `auth`'s state changes.
    public init(_ auth: Auth) { self.auth = auth }

    /// Iterates the users one listener hears of; a type of its own, as in the SDK.
    public typealias Iterator = ListenerIterator<AuthStateChangesSequence>

    /// An iterator with a listener of its own, registered now.
    public func makeAsyncIterator() -> Iterator { Iterator(ListenerUsers(auth: auth, kind: .state)) }
  }

  /// The users ``addIDTokenDidChangeListener(_:)`` would be called with, as an async sequence.
  public struct IDTokenChangesSequence: AsyncSequence, @unchecked Sendable {
    /// The signed-in user, nil when signed out.
    public typealias Element = User?
    /// The sequence never fails.
    public typealias Failure = Never
    /// The iterator.
    public typealias AsyncIterator = Iterator

    private let auth: Auth

    /// The sequence of `auth`'s ID-token changes.
    public init(_ auth: Auth) { self.auth = auth }

    /// Iterates the users one listener hears of; a type of its own, as in the SDK.
    public typealias Iterator = ListenerIterator<IDTokenChangesSequence>

    /// An iterator with a listener of its own, registered now.
    public func makeAsyncIterator() -> Iterator { Iterator(ListenerUsers(auth: auth, kind: .idToken)) }
  }
}

extension Auth {
  /// Iterates the users one listener hears of; the listener is removed when the iterator goes away. `Source`,
  /// the sequence it iterates, tells the two sequences' iterators apart, as the SDK's two `Iterator` types are.
  public struct ListenerIterator<Source>: AsyncIteratorProtocol {
    private var users: ListenerUsers

    init(_ users: ListenerUsers) { self.users = users }

    /// The next user the listener hears of.
    public mutating func next() async -> User?? { await users.next() }

    /// The next user the listener hears of, waited for on the caller's actor.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> User?? {
      await users.next(isolation: actor)
    }
  }
}

/// The users one listener (a state or an ID-token listener) hears of, as both sequences' iterators read them; the
/// listener is removed when the last copy goes away.
struct ListenerUsers {
  private let source: ListenerStream
  private var users: AsyncStream<User?>.Iterator

  init(auth: Auth, kind: Listener.Kind) {
    source = ListenerStream(auth: auth, kind: kind)
    users = source.stream.makeAsyncIterator()
  }

  mutating func next() async -> User?? { await users.next() }

  mutating func next(isolation actor: isolated (any Actor)?) async -> User?? {
    await users.next(isolation: actor)
  }
}

/// A listener whose calls feed an `AsyncStream`; it is removed when the stream ends or the last iterator that
/// holds this object goes away.
final class ListenerStream: @unchecked Sendable {
  let stream: AsyncStream<User?>
  private let auth: Auth
  private let handle: NSObjectProtocol
  private let kind: Listener.Kind

  init(auth: Auth, kind: Listener.Kind) {
    let (stream, continuation) = AsyncStream<User?>.makeStream()
    let callback: (Auth, User?) -> Void = { _, user in continuation.yield(user) }
    self.stream = stream
    self.auth = auth
    self.kind = kind
    switch kind {
    case .state: handle = auth.addStateDidChangeListener(callback)
    case .idToken: handle = auth.addIDTokenDidChangeListener(callback)
    }
  }

  deinit {
    switch kind {
    case .state: auth.removeStateDidChangeListener(handle)
    case .idToken: auth.removeIDTokenDidChangeListener(handle)
    }
  }
}
