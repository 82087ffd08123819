public import Observation
import Synchronization

/// The values a session owns (OS 27): app state that persists across the session's requests and
/// that profiles, dynamic instructions and tools read and write through ``LanguageModelSession/SessionProperty``.
///
/// Each session has its own values (``LanguageModelSession/properties``), so two sessions never
/// see each other's. Declare a value with `@SessionPropertyEntry`:
///
/// ```swift
/// extension SessionPropertyValues {
///     @SessionPropertyEntry var tagLookups: Int = 0
/// }
/// ```
public final class SessionPropertyValues: Sendable, Observable {
    /// The values set so far, by key type.
    private let values = Mutex<[ObjectIdentifier: StoredValue]>([:])
    /// The session whose history ``history`` is.
    private let owner = Mutex(WeakSession())
    private let observationRegistrar = ObservationRegistrar()

    init() {}

    /// Binds the values to the session that owns them.
    func bind(to session: LanguageModelSession) {
        owner.withLock { $0.session = session }
    }

    /// The value for a key: the key's default until it is set.
    public subscript<K: SessionPropertyKey>(key: K.Type) -> K.Value {
        get {
            observationRegistrar.access(self, keyPath: \.self)
            return values.withLock { $0[ObjectIdentifier(key)] }?.value as? K.Value ?? K.defaultValue
        }
        set {
            let value = StoredValue(value: newValue)
            observationRegistrar.withMutation(of: self, keyPath: \.self) {
                values.withLock { $0[ObjectIdentifier(key)] = value }
            }
        }
    }

    /// The owning session's conversation after its instructions (empty outside a session).
    public var history: ArraySlice<Transcript.Entry> {
        get { owner.withLock { $0.session }?.transcript.history ?? [] }
        set { owner.withLock { $0.session }?.transcript.history = newValue }
    }

    /// The values of the task's session: the session whose request, tool call or profile is
    /// running, or values of their own outside any session.
    @TaskLocal static var current = SessionPropertyValues()

    /// A value of any type, as Apple's API allows.
    ///
    /// `@unchecked Sendable` is sound as far as Apple's own contract goes: values are handed
    /// between one session's profile, hooks and tools, which run one at a time (a session serves
    /// one request at a time), and the lock orders every read and write.
    private struct StoredValue: @unchecked Sendable {
        let value: Any
    }

    /// A weak reference to the owning session, which owns these values (no cycle).
    private struct WeakSession {
        weak var session: LanguageModelSession?
    }
}
